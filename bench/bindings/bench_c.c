/* C side of bench/bindings: the same calls as boundary_bench.rs, timed the same way. */
#define _POSIX_C_SOURCE 200809L
#include <bpkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static long long median(long long *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

#define MAXN 256

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    FILE *f = fopen(argv[1], "r");
    if (f == NULL) return 2;
    bpkit_envelope_t *envs[MAXN];
    size_t n = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while (n < MAXN && (len = getline(&line, &cap, f)) > 0) {
        if (bpkit_envelope_from_json((const uint8_t *)line, (size_t)len, &envs[n]) != BPKIT_OK) return 3;
        n++;
    }
    free(line);
    fclose(f);
    const uint8_t label[] = "bench";
    bpkit_opening_t *o = NULL;
    if (bpkit_commit(123456789, &o) != BPKIT_OK) return 3;
    const bpkit_opening_t *one[1] = {o};
    long long t[60];
    for (int i = 0; i < 30; i++) {
        bpkit_envelope_t *e = NULL;
        long long s = now();
        if (bpkit_prove_range(one, 1, 64, label, 5, &e) != BPKIT_OK) return 3;
        t[i] = now() - s;
        bpkit_envelope_free(e);
    }
    long long prove = median(t, 30);
    for (int i = 0; i < 60; i++) {
        long long s = now();
        if (bpkit_envelope_verify(envs[0]) != BPKIT_OK) return 3;
        t[i] = now() - s;
    }
    long long verify = median(t, 60);
    const bpkit_envelope_t *list[MAXN];
    for (size_t i = 0; i < n; i++) list[i] = envs[i];
    size_t count = 0;
    for (int i = 0; i < 7; i++) {
        long long s = now();
        if (bpkit_verify_batch(list, n, 1, NULL, 0, &count, NULL) != BPKIT_OK) return 3;
        t[i] = now() - s;
    }
    long long batch = median(t, 7);
    printf("{\"prove\": %lld, \"verify\": %lld, \"batch\": %lld}\n", prove, verify, batch);
    for (size_t i = 0; i < n; i++) bpkit_envelope_free(envs[i]);
    bpkit_opening_free(o);
    return 0;
}
