/*
 * pages.c - the memory of the builder's biggest array (a layer's cells, or
 * its planes with a no-capture limit): in pages of 1 GB when the system has
 * set enough of them aside, else ordinary memory asking for 2 MB pages.
 *
 * Why: the build is random accesses over that array. With 2 MB pages a
 * layer of a few GB needs more page translations than the processor's TLB
 * holds, and every miss walks the page tables (in a virtual machine, two
 * sets of them); 1 GB pages cover a 30-seed layer with seven entries
 * (docs/tables.md, section 7, has the figures). The kernel hands out 1 GB
 * pages only from a pool the administrator reserves (hugetlbfs:
 * /sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages, or
 * hugepagesz=1G hugepages=N at boot); memory in that pool serves nothing
 * else, so taking it costs the machine nothing. When the pool has too few
 * free pages, or on systems without it, the array comes from malloc with
 * the 2 MB hint, as before: the values built are the same either way.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_HUGETLB, madvise */
#include "tables_internal.h"

#include <stdlib.h>
#include <string.h>

#if !defined(__wasi__) /* WebAssembly: no mmap */
#include <sys/mman.h>
#endif

#define GB ((size_t)1 << 30)

#if defined(MAP_HUGETLB) && !defined(__wasi__)
#define HAVE_GB_PAGES 1
#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif
#ifndef MAP_HUGE_1GB
#define MAP_HUGE_1GB (30 << MAP_HUGE_SHIFT)
#endif
#endif

size_t tb_gb_pages_from = GB;

void *tb_pages_alloc(tb_pages *p, size_t size)
{
    memset(p, 0, sizeof *p);
#if defined(HAVE_GB_PAGES)
    if (size >= tb_gb_pages_from) {
        const size_t whole = (size + GB - 1) & ~(GB - 1);
        /* A private hugetlb mapping reserves its pages when it is made, so
         * a pool too small fails here, never later at a page fault. */
        void *m = mmap(NULL, whole, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_HUGE_1GB, -1, 0);
        if (m != MAP_FAILED) {
            p->base = m;
            p->size = size;
            p->mapped = whole;
            return m;
        }
    }
#endif
    p->base = malloc(size ? size : 1);
    if (!p->base)
        return NULL;
    p->size = size;
    tb_huge_pages(p->base, size);
    return p->base;
}

void *tb_pages_shrink(tb_pages *p, size_t size)
{
    if (!p->base || size >= p->size)
        return p->base;
#if defined(HAVE_GB_PAGES)
    if (p->mapped) {
        /* Whole pages past the new end go back to the pool. */
        const size_t keep = (size + GB - 1) & ~(GB - 1);
        if (keep < p->mapped && munmap((char *)p->base + keep, p->mapped - keep) == 0)
            p->mapped = keep;
        p->size = size;
        return p->base;
    }
#endif
    void *q = realloc(p->base, size ? size : 1);
    if (q)
        p->base = q;
    p->size = size;
    return p->base;
}

void tb_pages_free(tb_pages *p)
{
#if defined(HAVE_GB_PAGES)
    if (p->mapped) {
        munmap(p->base, p->mapped);
        memset(p, 0, sizeof *p);
        return;
    }
#endif
    free(p->base);
    memset(p, 0, sizeof *p);
}
