# sample_extract.awk - finds the samples of Markdown files for test_docs.sh.
# Usage: awk -v out=DIR -f sample_extract.awk FILE.md...
#
# A sample is a fenced block (```) whose lines starting with "$ " are
# commands, each followed by the output it prints (see docs/contributing.md,
# "Samples in the documentation"). A command line ending with "\" goes on on
# the next line. For the n-th sample, DIR/NNN/ receives:
#   where     FILE:LINE of the block
#   cmdK      the K-th command, expK the output shown after it
#   skip      when the block shows no output at all (commands only)
#   error     what is wrong with the block (output before any command)
# A line "$ ..." in an indented code block is reported in DIR/stray: it
# would escape the test, so samples must be fenced.

function flush(    i, k, line, cmd, text, shown, dir) {
    for (i = 1; i <= n; i++)
        if (buf[i] ~ /^\$ /)
            break
    if (i > n)
        return
    dir = sprintf("%s/%03d", out, ++blocks)
    system("mkdir -p '" dir "'")
    print where > (dir "/where")
    close(dir "/where")
    k = 0
    shown = 0
    for (i = 1; i <= n; i++) {
        line = buf[i]
        if (line ~ /^\$ /) {
            if (k)
                save(dir, k, text)
            k++
            text = ""
            cmd = substr(line, 3)
            while (cmd ~ /\\$/ && i < n)
                cmd = cmd "\n" buf[++i]
            print cmd > (dir "/cmd" k)
            close(dir "/cmd" k)
        } else if (k == 0) {
            print "output before the first command: " line > (dir "/error")
            close(dir "/error")
        } else {
            text = text line "\n"
            shown = 1
        }
    }
    save(dir, k, text)
    if (!shown) {
        print "commands only" > (dir "/skip")
        close(dir "/skip")
    }
}

function save(dir, k, text) {
    printf "%s", text > (dir "/exp" k)
    close(dir "/exp" k)
}

FNR == 1 { fence = 0 }

/^[ ]*```/ {
    if (!fence) {
        fence = 1
        match($0, /^[ ]*/)
        indent = RLENGTH
        where = FILENAME ":" FNR
        n = 0
    } else {
        fence = 0
        flush()
    }
    next
}

fence {
    line = $0
    if (substr(line, 1, indent) ~ /^[ ]*$/)
        line = substr(line, indent + 1)
    buf[++n] = line
    next
}

/^    +\$ / {
    print FILENAME ":" FNR ": " $0 >> (out "/stray")
    close(out "/stray")
}
