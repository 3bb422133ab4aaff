// words.test.mjs - the page's sentences in the reader's language and about
// what the reader looks at: the sentence under the board follows the move
// viewed and a switch of language; the server's errors about an imported
// record come in French to a French page; the page in Portuguese.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './browser.mjs';
import { startServer, api } from '../api/server.mjs';

const idle = (page) => page.waitForFunction(() => !document.querySelector('#status.thinking')
  && document.querySelectorAll('#board .hand').length === 0, null, { timeout: 30000 });
const count = (page) => page.$$eval('#moves .mv:not(.gap)', (b) => b.length);

async function importRecord(page, text) {
  await page.click('#btn-import');
  await page.fill('#import-text', text);
  await page.click('#form-import button[type=submit]');
}

describe('the page\'s words', () => {
  let srv;
  let browser;
  before(async () => {
    // Every page is the same client (127.0.0.1), and closed pages leave their games.
    srv = await startServer(['--tables', 'none', '--client-games', '32']);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await srv?.stop();
  });

  it('tells the move viewed, in the language chosen after it', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    await idle(page);
    const old = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    await importRecord(page, '[South "player"]\n[North "player"]\n\n1. C f *\n');
    await page.waitForFunction((o) => JSON.parse(localStorage.getItem('awale.settings')).game !== o, old);
    await page.waitForSelector('#dlg-import', { state: 'hidden' });
    await page.click('#board .pit[data-pit="0"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 3);
    await idle(page);
    assert.match(await page.textContent('#said'), /^South plays A: sows/);
    await page.selectOption('#sel-lang', 'fr');
    assert.match(await page.textContent('#said'), /^Sud joue A : sème/);
    // Looking back at the position after f: the sentence tells f, and the
    // moves are counted as the list numbers them (rows of two).
    await page.keyboard.press('ArrowLeft');
    assert.match(await page.textContent('#said'), /^Nord joue f : sème/);
    assert.equal(await page.textContent('#viewing-text'), 'Après 1… f (partie de 2 coups)');
    await page.selectOption('#sel-lang', 'en');
    assert.equal(await page.textContent('#viewing-text'), 'After 1… f (game of 2 moves)');
    await page.selectOption('#sel-lang', 'fr');
    await page.keyboard.press('Home');
    assert.equal(await page.textContent('#said'), '');
    await page.keyboard.press('End');
    assert.match(await page.textContent('#said'), /^Sud joue A/);
    assert.equal(await count(page), 3);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('answers the terminal game\'s keys (one key map for both)', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    await idle(page);
    const old = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    await importRecord(page, '[South "player"]\n[North "player"]\n\n1. C f *\n');
    await page.waitForFunction((o) => JSON.parse(localStorage.getItem('awale.settings')).game !== o, old);
    await page.waitForSelector('#dlg-import', { state: 'hidden' });
    // i: the analysis on and off.
    const analysis = () => page.isChecked('#chk-analysis');
    const before = await analysis();
    await page.keyboard.press('i');
    assert.equal(await analysis(), !before);
    await page.keyboard.press('i');
    assert.equal(await analysis(), before);
    // u, r: undo, redo.
    await page.keyboard.press('u');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length < 2);
    await page.keyboard.press('r');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 2);
    // l: load (import); s: save (export).
    await page.keyboard.press('l');
    await page.waitForSelector('#dlg-import[open]');
    await page.click('#import-cancel');
    await page.keyboard.press('s');
    await page.waitForSelector('#dlg-export[open]');
    assert.match(await page.inputValue('#export-text'), /1\. C f/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-export', { state: 'hidden' });
    // t: the board turned.
    const flipped = () => page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).flip);
    await page.keyboard.press('t');
    assert.equal(await flipped(), true);
    // The help lists them.
    await page.keyboard.press('?');
    await page.waitForSelector('#dlg-help[open]');
    const keys = await page.$$eval('#help-keys dt', (d) => d.map((x) => x.textContent));
    for (const k of ['U  R', 'I', 'S  L', 'G', 'T']) assert.ok(keys.includes(k), `help lacks ${k}: ${keys}`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('says in French what is wrong with a record imported on a French page', async () => {
    const page = await openPage(browser, srv.base, { locale: 'fr-FR' });
    await page.waitForSelector('#board .pit.playable');
    await page.selectOption('#sel-lang', 'fr');
    await importRecord(page, '[Event "x"]\n\n1. C f 2. Z *\n');
    await page.waitForFunction(() => document.querySelector('#import-error').textContent.length > 0);
    assert.equal(await page.textContent('#import-error'),
      "partie : ligne 3 : « Z » n'est pas une lettre de case (A-F pour Sud, a-f pour Nord)");
    await page.click('#import-cancel');
    // In English, the API's own words.
    await page.selectOption('#sel-lang', 'en');
    await importRecord(page, '1. Z *');
    await page.waitForFunction(() => document.querySelector('#import-error').textContent.length > 0);
    assert.match(await page.textContent('#import-error'), /^record: line 1: 'Z' is not a pit letter/);
    // (the browser logs the refused requests themselves)
    assert.deepEqual(page.problems.filter((p) => !/status of 400/.test(p)), []);
    await page.context().close();
  });

  it('gets a refused move\'s reason in the page\'s language', async () => {
    const page = await openPage(browser, srv.base, { locale: 'fr-FR' });
    await page.waitForSelector('#board .pit.playable');
    const id = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body.id;
    // The page's own api.js (the module the page loaded), after a choice of language.
    const refused = async (lang) => {
      await page.selectOption('#sel-lang', lang);
      return page.evaluate(async (gid) => {
        const { api: pageApi } = await import('/js/api.js');
        try { await pageApi.play(gid, 'f'); } catch (e) { return [e.status, e.code, e.message]; }
        return null;
      }, id);
    };
    assert.deepEqual(await refused('fr'), [422, 'illegal_move', "les règles n'autorisent pas ce coup"]);
    const en = await refused('en');
    assert.deepEqual(en.slice(0, 2), [422, 'illegal_move']);
    assert.match(en[2], /^f cannot be played: /);
    assert.deepEqual(page.problems.filter((p) => !/status of 422/.test(p)), []);
    await page.context().close();
  });

  it('says how a finished game ended while its moves are looked at', async () => {
    const r = (await api(srv.base, 'POST', '/api/games', {
      record: '[FEN "0-0-0-0-0-1-0-0-0-0-0-0-24-23-S"]\n[South "player"]\n[North "player"]\n\n1. F 1/2-1/2\n',
    })).body;
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit');
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60 })), r.id);
    await page.reload();
    await page.waitForSelector('#dlg-over[open]');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#viewing:not([hidden])');
    const status = await page.textContent('#status');
    assert.doesNotMatch(status, /Go back to the game/);
    assert.match(status, /^Game over/);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('words the review of a set opening and of a win kept, as the terminal does', async () => {
    // Open a game made through the API, review it (V) and wait for the end.
    const reviewed = async (record) => {
      const r = (await api(srv.base, 'POST', '/api/games', { record })).body;
      const page = await openPage(browser, srv.base);
      await page.waitForSelector('#board .pit');
      await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60 })), r.id);
      await page.reload();
      await page.waitForSelector('#board .pit');
      await idle(page);
      // (the game is on the page, its moves listed, before the review is asked)
      await page.waitForSelector('#moves .mv:not(.gap)', { timeout: 30000 });
      await page.click('#btn-review', { timeout: 60000 });
      await page.waitForFunction(() => /reviewed/.test(document.querySelector('#review-note').textContent), null, { timeout: 60000 });
      return page;
    };
    const comment = (page) => page.$$eval('#review-comment p', (ps) => ps.map((p) => p.textContent).join(' '));
    // `awale match` set the first four moves ({opening}): shown, not judged.
    let page = await reviewed('[Event "awale match"]\n[South "player"]\n[North "player"]\n\n1. C f 2. F b {opening} 3. D d *\n');
    await page.click('#moves .mv[data-ply="3"]');
    assert.equal(await comment(page), 'A move of the set opening: neither player chose it, so it is not judged.');
    assert.equal(await page.isVisible('#review-comment .r-mark'), false);
    assert.equal(await page.locator('#moves .mv.opening').count(), 4);
    assert.match(await page.getAttribute('#moves .mv[data-ply="4"]', 'title'), /\(set opening, not judged\)$/);
    await page.selectOption('#sel-lang', 'fr');
    assert.equal(await comment(page), "Un coup de l'ouverture imposée : aucun des joueurs ne l'a choisi, il n'est donc pas jugé.");
    await page.click('#moves .mv[data-ply="5"]');
    assert.doesNotMatch(await comment(page), /ouverture imposée/);
    assert.deepEqual(page.problems, []);
    await page.context().close();
    // d wins by more, later; e wins at once: a win is a win, a remark.
    page = await reviewed('[FEN "1-0-0-2-1-0-0-1-1-5-2-3-9-23-N"]\n[South "player"]\n[North "player"]\n\n1... d *\n');
    await page.click('#moves .mv[data-ply="1"]');
    assert.equal(await page.isVisible('#review-comment .r-mark'), false);
    assert.equal(await comment(page), 'd keeps the win (after it, win +19 in 3). e wins sooner: win +16 in 1.');
    await page.selectOption('#sel-lang', 'fr');
    assert.equal(await comment(page), 'd garde la victoire (après ce coup : gain +19 en 3). e gagne plus vite : gain +16 en 1.');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('speaks the languages of po/, in the terminal\'s words', async () => {
    // The page's catalog is made from po/*.po at build time.
    const js = await (await fetch(`${srv.base}/js/catalog.js`)).text();
    assert.match(js, /^\/\/ Generated by scripts\/po-js\.sh/);
    const page = await openPage(browser, srv.base, { locale: 'fr-FR' });
    await page.waitForSelector('#board .pit.playable');
    await idle(page);
    // The list of languages: English and each catalog, by its own name.
    assert.deepEqual(await page.$$eval('#sel-lang option', (os) => os.map((o) => [o.value, o.textContent])),
      [['en', 'English'], ['fr', 'Français'], ['pt', 'Português']]);
    assert.equal(await page.inputValue('#sel-lang'), 'fr');
    assert.equal(await page.textContent('#btn-new'), 'Nouvelle partie');
    // Where the page and the terminal say the same thing, one message.
    const r = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60, lang: 'fr' })), r.id);
    await page.reload();
    await page.waitForSelector('#board .pit.playable');
    await page.keyboard.press('u');
    await page.waitForFunction(() => document.querySelector('#toasts').textContent.length > 0);
    assert.equal(await page.textContent('#toasts'), 'Rien à reprendre.');
    // The server's words (a level, a rule set) in the terminal's French.
    await page.click('#btn-new');
    await page.waitForSelector('#dlg-new[open]');
    await page.fill('#new-level', '10');
    assert.equal(await page.textContent('#new-level-text'),
      'pleine force, avec son livre d\'ouvertures et des finales parfaites : pour l\'analyse');
    await page.selectOption('#new-rules', 'abapa');
    assert.match(await page.textContent('#new-rules-text'), /^L'Awalé Abapa, la règle des tournois internationaux/);
    assert.doesNotMatch(await page.textContent('#new-rules-text'), /the international/);
    // A rule parameter: its name, its values and what it does, in French.
    const captures = await page.$$eval('#new-params-list .param', (ps) => ps.map((p) => p.querySelector('.small').textContent));
    assert.equal(captures[0], 'nombres de graines qui font une prise');
    assert.deepEqual(await page.$$eval('#new-params-list select[data-param=grand-slam] option', (os) => os.map((o) => o.textContent)), ['nulle', 'prend']);
    // Every parameter's help is the server's (GET /api/rules, one message
    // each in the program's catalog), in French: none left in English.
    const server = (await api(srv.base, 'GET', '/api/rules')).body;
    for (const set of ['abapa', 'relay']) {
      await page.selectOption('#new-rules', set);
      const shown = await page.$$eval('#new-params-list .param', (ps) => ps.map((p) => [p.querySelector('.pname').textContent, p.querySelector('.small').textContent]));
      assert.ok(shown.length > 3);
      for (const [name, help] of shown) {
        const english = server.parameters.find((p) => p.name === name).help;
        assert.ok(help && help !== english, `${set} ${name}: ${help}`);
      }
    }
    assert.match(await page.textContent('#new-rules-text'), /^Un autre jeu sur le même plateau/);
    // (the browser logs the refused undo itself)
    assert.deepEqual(page.problems.filter((p) => !/status of 409/.test(p)), []);
    await page.context().close();
  });

  it('tells a move and an end in the terminal\'s words (one message each)', async () => {
    const r = (await api(srv.base, 'POST', '/api/games', {
      record: '[FEN "0-0-0-0-0-1-1-0-0-0-0-3-24-19-S"]\n[South "player"]\n[North "player"]\n\n1. F 1-0\n',
    })).body;
    const page = await openPage(browser, srv.base, { locale: 'fr-FR' });
    await page.waitForSelector('#board .pit');
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60, lang: 'fr' })), r.id);
    await page.reload();
    await page.waitForSelector('#dlg-over[open]');
    // src/front/words.c's French, as `awale play --lang fr` says it.
    assert.equal(await page.textContent('#over-reason'), 'Sud a atteint les 25 graines.');
    // A capture, looked back at.
    const g = (await api(srv.base, 'POST', '/api/games', {
      record: '[FEN "0-0-0-0-0-1-1-0-0-0-2-3-20-21-S"]\n[South "player"]\n[North "player"]\n\n1. F e *\n',
    })).body;
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60, lang: 'fr' })), g.id);
    await page.reload();
    await page.waitForSelector('#board .pit');
    await idle(page);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.textContent('#said'), 'Sud joue F : sème 1 graine et prend 2 graines en a.');
    await page.selectOption('#sel-lang', 'en');
    assert.equal(await page.textContent('#said'), 'South plays F: sows 1 seed and captures 2 seeds from a.');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('speaks Portuguese to a Portuguese browser, in the terminal\'s words', async () => {
    // A Brazilian or Angolan browser gets the one Portuguese catalog.
    const page = await openPage(browser, srv.base, { locale: 'pt-BR' });
    await page.waitForSelector('#board .pit.playable');
    await idle(page);
    assert.equal(await page.inputValue('#sel-lang'), 'pt');
    assert.equal(await page.textContent('#btn-new'), 'Novo jogo');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt');
    // What a screen reader says of the board, in Portuguese (its plural: 0 is plural).
    assert.equal(await page.getAttribute('#board .pit[data-pit="2"]', 'aria-label'), 'Casa C: 4 sementes');
    assert.deepEqual((await page.$$eval('#board .store', (gs) => gs.map((g) => g.getAttribute('aria-label')))).sort(),
      ['Depósito do lado Norte: 0 sementes', 'Depósito do lado Sul: 0 sementes']);
    assert.equal(await page.getAttribute('#btn-sound', 'aria-label'), 'Som');
    assert.equal(await page.getAttribute('#nav-prev', 'aria-label'), 'Jogada anterior');
    // A move and an end as `awale play --lang pt` says them.
    const r = (await api(srv.base, 'POST', '/api/games', {
      record: '[FEN "0-0-0-0-0-1-1-0-0-0-0-3-24-19-S"]\n[South "player"]\n[North "player"]\n\n1. F 1-0\n',
    })).body;
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60, lang: 'pt' })), r.id);
    await page.reload();
    await page.waitForSelector('#dlg-over[open]');
    assert.equal(await page.textContent('#over-reason'), 'Sul atingiu o objetivo de 25 sementes.');
    const g = (await api(srv.base, 'POST', '/api/games', {
      record: '[FEN "0-0-0-0-0-1-1-0-0-0-2-3-20-21-S"]\n[South "player"]\n[North "player"]\n\n1. F e *\n',
    })).body;
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60, lang: 'pt' })), g.id);
    await page.reload();
    await page.waitForSelector('#board .pit');
    await idle(page);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.textContent('#said'), 'Sul joga F: semeia 1 semente e captura 2 sementes em a.');
    // Nothing to take back: the terminal's message.
    const h = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60, lang: 'pt' })), h.id);
    await page.reload();
    await page.waitForSelector('#board .pit.playable');
    await page.keyboard.press('u');
    await page.waitForFunction(() => document.querySelector('#toasts').textContent.length > 0);
    assert.equal(await page.textContent('#toasts'), 'Nada para anular.');
    // A refused move's reason from the server, in Portuguese.
    const refused = await page.evaluate(async (gid) => {
      const { api: pageApi } = await import('/js/api.js');
      try { await pageApi.play(gid, 'f'); } catch (e) { return [e.status, e.code, e.message]; }
      return null;
    }, h.id);
    assert.deepEqual(refused, [422, 'illegal_move', 'as regras não permitem esta jogada']);
    // The new game dialog: the server's words (a level, a rule set, the
    // rule parameters) in the terminal's Portuguese, none left in English.
    await page.click('#btn-new');
    await page.waitForSelector('#dlg-new[open]');
    await page.fill('#new-level', '10');
    assert.equal(await page.textContent('#new-level-text'),
      'força máxima, com livro de aberturas e finais perfeitos: para análise');
    await page.selectOption('#new-rules', 'abapa');
    assert.match(await page.textContent('#new-rules-text'), /^Oware Abapa, as regras dos torneios internacionais/);
    assert.deepEqual(await page.$$eval('#new-params-list select[data-param=grand-slam] option', (os) => os.map((o) => o.textContent)), ['nula', 'captura']);
    const server = (await api(srv.base, 'GET', '/api/rules')).body;
    for (const set of ['abapa', 'relay']) {
      await page.selectOption('#new-rules', set);
      const shown = await page.$$eval('#new-params-list .param', (ps) => ps.map((p) => [p.querySelector('.pname').textContent, p.querySelector('.small').textContent]));
      assert.ok(shown.length > 3);
      for (const [name, help] of shown) {
        const english = server.parameters.find((p) => p.name === name).help;
        assert.ok(help && help !== english, `${set} ${name}: ${help}`);
      }
    }
    assert.match(await page.textContent('#new-rules-text'), /^Um jogo diferente no mesmo tabuleiro/);
    await page.click('#new-cancel');
    await page.waitForSelector('#dlg-new', { state: 'hidden' });
    // A record that does not load: the server's message in Portuguese.
    await importRecord(page, '[Event "x"]\n\n1. C f 2. Z *\n');
    await page.waitForFunction(() => document.querySelector('#import-error').textContent.length > 0);
    assert.equal(await page.textContent('#import-error'),
      'registo: linha 3: «Z» não é uma letra de casa (A-F para o Sul, a-f para o Norte)');
    await page.click('#import-cancel');
    // (the browser logs the refused requests themselves)
    assert.deepEqual(page.problems.filter((p) => !/status of (400|409|422)/.test(p)), []);
    await page.context().close();
  });

  it('words a review in Portuguese, with Portuguese figures', async () => {
    const r = (await api(srv.base, 'POST', '/api/games', {
      record: '[FEN "1-0-0-2-1-0-0-1-1-5-2-3-9-23-N"]\n[South "player"]\n[North "player"]\n\n1... d *\n',
    })).body;
    const page = await openPage(browser, srv.base, { locale: 'pt-PT' });
    await page.waitForSelector('#board .pit');
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60, lang: 'pt' })), r.id);
    await page.reload();
    await page.waitForSelector('#board .pit');
    await idle(page);
    await page.click('#btn-review');
    await page.waitForFunction(() => /revista/.test(document.querySelector('#review-note').textContent), null, { timeout: 60000 });
    await page.click('#moves .mv[data-ply="1"]');
    const comment = await page.$$eval('#review-comment p', (ps) => ps.map((p) => p.textContent).join(' '));
    assert.equal(comment, 'd mantém a vitória (depois dela, vitória +19 em 3). e ganha mais depressa: vitória +16 em 1.');
    // One move reviewed: the singular.
    assert.match(await page.textContent('#review-note'), /^1 jogada revista \(profundidade [0-9]+\)\. Escolha uma jogada/);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('keeps the graph\'s extremes off its edges', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit');
    const ys = await page.evaluate(async () => {
      const { Graph } = await import('/js/graph.js');
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('viewBox', '0 0 360 120');
      document.body.append(svg);
      new Graph(svg, () => {}).set([{ score: { south: 0 } }, { score: { south: 1900 } }, { score: { south: -1900 } }], 2);
      return [...svg.querySelectorAll('.g-dot')].map((c) => Number(c.getAttribute('cy')));
    });
    assert.ok(Math.min(...ys) >= 10 && Math.max(...ys) <= 110, `dots at ${ys}`);
    await page.context().close();
  });

  it('puts the relay directions where they cover no store, count or other pit, on a phone', async () => {
    const r = (await api(srv.base, 'POST', '/api/games', { rules: 'relay', south: 'human', north: 'human' })).body;
    const page = await openPage(browser, srv.base, { width: 390, height: 844, mobile: true });
    await page.waitForSelector('#board .pit');
    await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60 })), r.id);
    await page.reload();
    await page.waitForSelector('#board .pit.playable');
    const box = (sel) => page.$$eval(sel, (els) => els.map((e) => {
      const b = e.getBoundingClientRect();
      return { l: b.left, r: b.right, t: b.top, b: b.bottom };
    }));
    const meets = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
    for (const pit of [0, 5]) {
      await page.click(`#board .pit[data-pit="${pit}"]`);
      await page.waitForSelector('#board .dir');
      const dirs = await box('#board .dir rect');
      const others = [
        ...(await box(`#board .pit:not([data-pit="${pit}"]) .hole`)),
        ...(await box('#board .store .badge-in rect')),
        ...(await box('#board .pit .badge-in rect')),
      ];
      for (const d of dirs) for (const o of others) assert.ok(!meets(d, o), `pit ${pit}: a direction covers ${JSON.stringify(o)}`);
      // legible: the label at least 11 px high on the phone
      const h = await page.$eval('#board .dir text', (t) => t.getBoundingClientRect().height);
      assert.ok(h >= 11, `label ${h} px high`);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
});
