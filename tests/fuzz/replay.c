/*
 * replay.c - runs a fuzz target's LLVMFuzzerTestOneInput over every file of
 * a corpus directory, so the saved corpus is replayed by the ordinary tests
 * (the libFuzzer build, `make fuzz`, uses its own main instead).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s CORPUS-DIR\n", argv[0]);
        return 2;
    }
    DIR *d = opendir(argv[1]);
    if (!d) {
        fprintf(stderr, "cannot open corpus %s\n", argv[1]);
        return 1;
    }
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[1], e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
        if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
            LLVMFuzzerTestOneInput(buf, (size_t)n);
            files++;
        }
        free(buf);
        fclose(f);
    }
    closedir(d);
    printf("replayed %d inputs from %s\n", files, argv[1]);
    return files > 0 ? 0 : 1;
}
