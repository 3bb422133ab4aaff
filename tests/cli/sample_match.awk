# sample_match.awk - whether a command's output (second file) matches the
# output a document shows for it (first file), by the conventions of
# docs/contributing.md ("Samples in the documentation"):
#   - a line "..." matches any number of lines, none included;
#   - "…" in a line matches one word: one or more characters other than a
#     space (a time, a speed, a version);
#   - everything else matches itself exactly.
# Usage: awk -v want=EXPECTED_FILE -f sample_match.awk ACTUAL_FILE
# Exits 0 on a match, 1 otherwise. Used by test_docs.sh.

# Whether act matches the pieces parts[i..n] from position pos, a word
# standing between each two pieces.
function from(act, parts, n, i, pos,    j, len) {
    len = length(parts[i])
    if (substr(act, pos, len) != parts[i])
        return 0
    pos += len
    if (i == n)
        return pos == length(act) + 1
    for (j = pos; j <= length(act) && substr(act, j, 1) != " "; j++)
        if (from(act, parts, n, i + 1, j + 1))
            return 1
    return 0
}

function line_matches(expected, act,    parts, n) {
    n = split(expected, parts, "…")
    if (n == 0) { # an empty line
        n = 1
        parts[1] = ""
    }
    return from(act, parts, n, 1, 1)
}

BEGIN {
    while ((getline line < want) > 0)
        wanted[++nw] = line
}
{ got[++ng] = $0 }

END {
    # ok[i, j]: want[i..nw] matches got[j..ng]; filled from the ends.
    ok[nw + 1, ng + 1] = 1
    for (j = ng; j >= 1; j--)
        ok[nw + 1, j] = 0
    for (i = nw; i >= 1; i--) {
        for (j = ng + 1; j >= 1; j--) {
            if (wanted[i] == "...")
                ok[i, j] = ok[i + 1, j] || (j <= ng && ok[i, j + 1])
            else
                ok[i, j] = j <= ng && ok[i + 1, j + 1] && line_matches(wanted[i], got[j])
        }
    }
    exit ok[1, 1] ? 0 : 1
}
