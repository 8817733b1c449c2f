/*
 * bpkit C binding test program: built with -Wall -Wextra -Werror and run under
 * AddressSanitizer + UndefinedBehaviorSanitizer by .ci/bindings-c.
 *
 *   bpkit_c_test                     API self-test: round trips, error kinds, NULL and
 *                                    zero-length arguments, malformed input, batch
 *   bpkit_c_test --vectors FILE      every case of the vector lines (tests/vectors_to_lines.py)
 *   bpkit_c_test --verify FILE...    verify envelope files of any scheme (one envelope per
 *                                    line, bpkit_verify_json): exit 0 all valid, 1 some
 *                                    false, 2 some malformed
 *   bpkit_c_test --prove OUT         write envelopes (range, interval, bp+, bp+ tari, merkle
 *                                    and shuffle circuits), one per line, for the other
 *                                    languages to verify
 */
#define _POSIX_C_SOURCE 200809L
#include <bpkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        checks++;                                                               \
        if (!(cond)) {                                                          \
            failures++;                                                         \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                \
            fprintf(stderr, __VA_ARGS__);                                       \
            fprintf(stderr, " [last error: %s (%s)]\n", bpkit_last_error(),     \
                    bpkit_last_error_kind());                                   \
        }                                                                       \
    } while (0)

/* The status is `want` and, unless NULL, the last error kind is `kind`. */
static void expect(bpkit_status got, bpkit_status want, const char *kind, const char *what) {
    CHECK(got == want, "%s: status %s, expected %s", what, bpkit_status_name((int)got),
          bpkit_status_name((int)want));
    if (kind != NULL && got == want) {
        CHECK(strcmp(bpkit_last_error_kind(), kind) == 0, "%s: kind %s, expected %s", what,
              bpkit_last_error_kind(), kind);
    }
    if (want == BPKIT_OK && got == BPKIT_OK) {
        CHECK(bpkit_last_error()[0] == '\0', "%s: last error not cleared", what);
    }
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes hex ("-" is empty) into a new buffer; *len gets its length. Exits on bad hex. */
static uint8_t *unhex(const char *text, size_t *len) {
    size_t n = strcmp(text, "-") == 0 ? 0 : strlen(text);
    if (n % 2 != 0) {
        fprintf(stderr, "bad hex: %s\n", text);
        exit(3);
    }
    uint8_t *out = malloc(n / 2 + 1);
    if (out == NULL) exit(3);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(text[2 * i]), lo = hexval(text[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "bad hex: %s\n", text);
            exit(3);
        }
        out[i] = (uint8_t)(hi * 16 + lo);
    }
    *len = n / 2;
    return out;
}

static uint64_t number(const char *text) { return strtoull(text, NULL, 10); }

/* ---- vectors ---------------------------------------------------------------------------- */

#define MAX_FIELDS 16

static bpkit_status expect_kind(bpkit_status got, const char *name, const char *expected) {
    if (strcmp(expected, "ok") == 0) {
        expect(got, BPKIT_OK, NULL, name);
    } else {
        int invalid = strcmp(expected, "verification-failed") == 0 ||
                      strcmp(expected, "size-mismatch") == 0 ||
                      strcmp(expected, "extension-mismatch") == 0;
        expect(got, invalid ? BPKIT_INVALID_PROOF : BPKIT_MALFORMED, expected, name);
    }
    return got;
}

static void vector_line(char **f, int n, int *skipped) {
    size_t l1, l2, l3, l4;
    if (strcmp(f[0], "skip") == 0 && n == 2) {
        printf("SKIP %s: not supported by the C binding\n", f[1]);
        (*skipped)++;
    } else if (strcmp(f[0], "opening") == 0 && n == 4) {
        uint8_t *blinding = unhex(f[2], &l1), *commitment = unhex(f[3], &l2);
        bpkit_opening_t *o = NULL;
        uint8_t got[32];
        expect(bpkit_opening_new(number(f[1]), blinding, l1, &o), BPKIT_OK, NULL, "opening");
        expect(bpkit_opening_commitment(o, got, sizeof got), BPKIT_OK, NULL, "commitment");
        CHECK(l2 == 32 && memcmp(got, commitment, 32) == 0, "opening commitment differs");
        bpkit_opening_free(o);
        free(blinding);
        free(commitment);
    } else if (strcmp(f[0], "range") == 0 && n == 7) {
        uint8_t *label = unhex(f[4], &l1), *cs = unhex(f[5], &l2), *proof = unhex(f[6], &l3);
        expect_kind(bpkit_range_proof_verify(proof, l3, cs, l2, (size_t)number(f[3]), label, l1),
                    f[1], f[2]);
        if (strcmp(f[2], "ok") == 0)
            expect(bpkit_proof_check(BPKIT_PROOF_RANGE, proof, l3), BPKIT_OK, NULL, f[1]);
        free(label);
        free(cs);
        free(proof);
    } else if (strcmp(f[0], "interval") == 0 && n == 9) {
        uint8_t *label = unhex(f[4], &l1), *c = unhex(f[5], &l2), *proof = unhex(f[8], &l3);
        expect_kind(bpkit_interval_proof_verify(proof, l3, c, l2, number(f[6]), number(f[7]),
                                                (size_t)number(f[3]), label, l1),
                    f[1], f[2]);
        free(label);
        free(c);
        free(proof);
    } else if (strcmp(f[0], "plus") == 0 && n == 10) {
        uint8_t *label = unhex(f[4], &l1), *cs = unhex(f[5], &l2), *proof = unhex(f[6], &l3);
        uint64_t mins[64];
        size_t m = 0;
        for (char *save = NULL, *t = strtok_r(f[9], ",", &save); t != NULL && m < 64;
             t = strtok_r(NULL, ",", &save))
            mins[m++] = number(t);
        expect_kind(bpkit_plus_proof_verify(proof, l3, cs, l2, mins, m, (int)number(f[7]),
                                            (size_t)number(f[8]), (size_t)number(f[3]), label, l1),
                    f[1], f[2]);
        free(label);
        free(cs);
        free(proof);
    } else if (strcmp(f[0], "plusdecode") == 0 && n == 4) {
        uint8_t *proof = unhex(f[3], &l1);
        expect(bpkit_proof_check(BPKIT_PROOF_PLUS, proof, l1), BPKIT_MALFORMED, f[2], f[1]);
        free(proof);
    } else if (strcmp(f[0], "recover") == 0 && n == 11) {
        uint8_t *label = unhex(f[3], &l1), *c = unhex(f[4], &l2), *proof = unhex(f[5], &l3);
        uint8_t *seed = unhex(f[8], &l4);
        size_t lb;
        uint8_t *blindings = unhex(f[10], &lb);
        bpkit_extended_opening_t *o = NULL;
        expect(bpkit_plus_proof_recover(proof, l3, c, l2, number(f[7]), (int)number(f[6]),
                                        (size_t)number(f[2]), label, l1, seed, l4, number(f[9]),
                                        &o),
               BPKIT_OK, NULL, f[1]);
        uint8_t got[6 * 32];
        size_t got_len = 0;
        expect(bpkit_extended_opening_blindings(o, got, sizeof got, &got_len), BPKIT_OK, NULL,
               "blindings");
        CHECK(got_len == lb && memcmp(got, blindings, lb) == 0, "%s: recovered blindings", f[1]);
        bpkit_extended_opening_free(o);
        /* A wrong value does not open the commitment. */
        o = NULL;
        expect(bpkit_plus_proof_recover(proof, l3, c, l2, number(f[7]), (int)number(f[6]),
                                        (size_t)number(f[2]), label, l1, seed, l4,
                                        number(f[9]) + 1, &o),
               BPKIT_INVALID_PROOF, "recovery-failed", f[1]);
        CHECK(o == NULL, "no opening on failure");
        free(label);
        free(c);
        free(proof);
        free(seed);
        free(blindings);
    } else if (strcmp(f[0], "json") == 0 && n == 4) {
        uint8_t *text = unhex(f[3], &l1);
        bpkit_status got = bpkit_verify_json(text, l1);
        /* A commitment that does not decode is caught by the envelope's parser. */
        if (strcmp(f[2], "ok") != 0 && strcmp(f[2], "verification-failed") != 0 &&
            got == BPKIT_MALFORMED && strcmp(bpkit_last_error_kind(), "malformed-envelope") == 0)
            expect(got, BPKIT_MALFORMED, "malformed-envelope", f[1]);
        else
            expect_kind(got, f[1], f[2]);
        free(text);
    } else if (strcmp(f[0], "circuit") == 0 && n == 7) {
        uint8_t *label = unhex(f[3], &l1), *desc = unhex(f[4], &l2), *cs = unhex(f[5], &l3);
        uint8_t *proof = unhex(f[6], &l4);
        expect_kind(bpkit_verify_circuit(desc, l2, cs, l3, proof, l4, label, l1), f[1], f[2]);
        free(label);
        free(desc);
        free(cs);
        free(proof);
    } else if (strcmp(f[0], "monerojson") == 0 && n == 4) {
        uint8_t *text = unhex(f[3], &l1);
        bpkit_status want = strcmp(f[2], "valid") == 0     ? BPKIT_OK
                            : strcmp(f[2], "invalid") == 0 ? BPKIT_INVALID_PROOF
                                                           : BPKIT_MALFORMED;
        expect(bpkit_verify_json(text, l1), want, NULL, f[1]);
        free(text);
    } else if (strcmp(f[0], "monerotx") == 0 && n == 7) {
        uint8_t *tx = unhex(f[6], &l1);
        int rct = (int)strtol(f[2], NULL, 10), kind = (int)strtol(f[3], NULL, 10);
        long offset = strtol(f[5], NULL, 10);
        bpkit_monero_tx_t r;
        expect(bpkit_monero_verify_tx(tx, l1, &r), BPKIT_OK, NULL, f[1]);
        CHECK(r.parsed == 1 && r.rct_type == rct && r.proof_kind == kind, "%s: type %d kind %d",
              f[1], r.rct_type, r.proof_kind);
        CHECK(strlen(r.hash_hex) == 64 && strncmp(r.hash_hex, f[4], strlen(f[4])) == 0,
              "%s: hash %s", f[1], r.hash_hex);
        CHECK(r.verdict == (kind == BPKIT_MONERO_PROOFS_NONE ? BPKIT_MONERO_NO_BULLETPROOFS
                                                             : BPKIT_MONERO_VALID),
              "%s: verdict %d", f[1], r.verdict);
        CHECK(r.version == (rct < 0 ? 1u : 2u) && r.outputs >= 1, "%s: version, outputs", f[1]);
        /* A proof scalar: r1 (Bulletproofs+, offset 96) or taux (Bulletproofs, offset 128). */
        size_t at = (size_t)offset + (kind == BPKIT_MONERO_PROOFS_BP_PLUS ? 100 : 130);
        if (offset > 0 && at < l1) {
            uint8_t hash[32];
            memcpy(hash, r.hash, 32);
            tx[at] ^= 1;
            expect(bpkit_monero_verify_tx(tx, l1, &r), BPKIT_INVALID_PROOF, "verification-failed",
                   f[1]);
            CHECK(r.parsed == 1 && r.verdict == BPKIT_MONERO_INVALID && r.proof_kind == kind,
                  "%s: tampered verdict %d", f[1], r.verdict);
            CHECK(memcmp(hash, r.hash, 32) != 0, "%s: tampered hash unchanged", f[1]);
            tx[at] ^= 1;
        }
        /* Truncated: not a transaction (nothing parsed). */
        expect(bpkit_monero_verify_tx(tx, l1 - 1, &r), BPKIT_MALFORMED, "wrong-length", f[1]);
        CHECK(r.parsed == 0, "%s: truncated parsed", f[1]);
        expect(bpkit_monero_verify_tx(NULL, l1, &r), BPKIT_NULL, "null-argument", f[1]);
        expect(bpkit_monero_verify_tx(tx, l1, NULL), BPKIT_NULL, "null-argument", f[1]);
        expect(bpkit_monero_verify_tx(NULL, 0, &r), BPKIT_MALFORMED, NULL, "empty transaction");
        CHECK(r.parsed == 0, "empty transaction parsed");
        free(tx);
    } else {
        fprintf(stderr, "bad vector line: %s (%d fields)\n", f[0], n);
        exit(3);
    }
}

static int run_vectors(const char *path) {
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        perror(path);
        return 3;
    }
    char *line = NULL;
    size_t cap = 0;
    int cases = 0, skipped = 0;
    while (getline(&line, &cap, file) > 0) {
        char *fields[MAX_FIELDS];
        int n = 0;
        for (char *save = NULL, *t = strtok_r(line, " \n", &save); t != NULL && n < MAX_FIELDS;
             t = strtok_r(NULL, " \n", &save))
            fields[n++] = t;
        if (n == 0) continue;
        vector_line(fields, n, &skipped);
        cases++;
    }
    free(line);
    fclose(file);
    printf("vectors: %d lines (%d skipped files), %d checks, %d failures\n", cases, skipped, checks,
           failures);
    return cases > 0 && failures == 0 ? 0 : 1;
}

/* ---- envelopes from and for other languages --------------------------------------------- */

static char *read_file(const char *path, size_t *len) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + n, 1, cap - n, file)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(file);
    *len = n;
    return buf;
}

/* Verifies every envelope of each file (one per line; blank lines skipped). */
static int verify_files(int count, char **paths) {
    int worst = 0, seen = 0;
    for (int i = 0; i < count; i++) {
        size_t len = 0;
        char *text = read_file(paths[i], &len);
        if (text == NULL) {
            perror(paths[i]);
            return 2;
        }
        size_t start = 0;
        for (int line = 1; start < len; line++) {
            size_t end = start;
            while (end < len && text[end] != '\n') end++;
            size_t n = end < len ? end - start + 1 : end - start;
            int blank = 1;
            for (size_t k = start; k < start + n; k++)
                if (text[k] != ' ' && text[k] != '\n' && text[k] != '\r' && text[k] != '\t') blank = 0;
            if (!blank) {
                bpkit_status s = bpkit_verify_json((const uint8_t *)text + start, n);
                printf("%s:%d: %s%s%s\n", paths[i], line,
                       s == BPKIT_OK ? "valid" : bpkit_status_name((int)s), s == BPKIT_OK ? "" : ": ",
                       bpkit_last_error());
                if (s == BPKIT_INVALID_PROOF && worst < 1) worst = 1;
                if (s != BPKIT_OK && s != BPKIT_INVALID_PROOF) worst = 2;
                seen++;
            }
            start = end + 1;
        }
        free(text);
    }
    if (seen == 0) {
        fprintf(stderr, "no envelope found\n");
        return 2;
    }
    return worst;
}

static int write_envelope(FILE *out, const bpkit_envelope_t *env) {
    size_t len = 0;
    if (bpkit_envelope_to_json(env, NULL, 0, &len) != BPKIT_BUFFER_TOO_SMALL) return 1;
    char *text = malloc(len + 1);
    if (text == NULL) return 1;
    int bad = bpkit_envelope_to_json(env, (uint8_t *)text, len + 1, &len) != BPKIT_OK ||
              fwrite(text, 1, len, out) != len;
    free(text);
    return bad;
}

static char *circuit_json(const bpkit_circuit_envelope_t *env) {
    size_t len = 0;
    if (bpkit_circuit_envelope_to_json(env, NULL, 0, &len) != BPKIT_BUFFER_TOO_SMALL) return NULL;
    char *text = malloc(len + 1);
    if (text != NULL && bpkit_circuit_envelope_to_json(env, (uint8_t *)text, len + 1, &len) != BPKIT_OK) {
        free(text);
        text = NULL;
    }
    return text;
}

static int write_circuit_envelope(FILE *out, const bpkit_circuit_envelope_t *env) {
    char *text = circuit_json(env);
    int bad = text == NULL || fwrite(text, 1, strlen(text), out) != strlen(text);
    free(text);
    return bad;
}

static int prove_files(const char *path) {
    static const char label[] = "made in C";
    const uint8_t *l = (const uint8_t *)label;
    size_t ll = strlen(label);
    bpkit_opening_t *a = NULL, *b = NULL;
    bpkit_extended_opening_t *x = NULL;
    bpkit_envelope_t *envs[4] = {NULL, NULL, NULL, NULL};
    int bad = bpkit_commit(7, &a) || bpkit_commit(UINT64_MAX, &b) ||
              bpkit_extended_opening_random(5000, 3, &x);
    const bpkit_opening_t *two[2] = {a, b};
    const bpkit_extended_opening_t *one[1] = {x};
    uint64_t min = 4000;
    bad = bad || bpkit_prove_range(two, 2, 64, l, ll, &envs[0]) ||
          bpkit_prove_interval(a, 5, 9, 0, l, ll, &envs[1]) ||
          bpkit_prove_plus(one, 1, &min, 1, BPKIT_GENERATORS_BPKIT, NULL, 0, 16, l, ll, &envs[2]) ||
          bpkit_prove_plus(one, 1, NULL, 0, BPKIT_GENERATORS_TARI, NULL, 0, 32, l, ll, &envs[3]);
    bpkit_circuit_envelope_t *merkle = NULL, *shuffle = NULL;
    bpkit_opening_t *leaf = NULL, *ins[3] = {NULL, NULL, NULL}, *outs[3] = {NULL, NULL, NULL};
    const uint64_t leaves[5] = {3, 9, 27, 81, 243}, in[3] = {1, 2, 3}, perm[3] = {3, 1, 2};
    bad = bad || bpkit_prove_merkle(leaves, 5, 3, l, ll, &merkle, &leaf) ||
          bpkit_prove_shuffle(in, 3, perm, 3, l, ll, &shuffle, ins, outs);
    FILE *out = bad ? NULL : fopen(path, "wb");
    if (out == NULL) bad = 1;
    for (int i = 0; i < 4 && !bad; i++) bad = write_envelope(out, envs[i]);
    if (!bad) bad = write_circuit_envelope(out, merkle) || write_circuit_envelope(out, shuffle);
    if (out != NULL && fclose(out) != 0) bad = 1;
    bpkit_circuit_envelope_free(merkle);
    bpkit_circuit_envelope_free(shuffle);
    bpkit_opening_free(leaf);
    for (int i = 0; i < 3; i++) {
        bpkit_opening_free(ins[i]);
        bpkit_opening_free(outs[i]);
    }
    for (int i = 0; i < 4; i++) bpkit_envelope_free(envs[i]);
    bpkit_opening_free(a);
    bpkit_opening_free(b);
    bpkit_extended_opening_free(x);
    if (bad) fprintf(stderr, "prove failed: %s\n", bpkit_last_error());
    return bad;
}

/* ---- API self-test ------------------------------------------------------------------------ */

static const uint8_t LABEL[] = "c self-test";
#define LL (sizeof LABEL - 1)

static void test_openings(void) {
    bpkit_opening_t *o = NULL, *p = NULL;
    uint8_t blinding[32], c1[32], c2[32];
    uint64_t v = 0;
    expect(bpkit_commit(42, &o), BPKIT_OK, NULL, "commit");
    expect(bpkit_opening_value(o, &v), BPKIT_OK, NULL, "value");
    CHECK(v == 42, "value %llu", (unsigned long long)v);
    expect(bpkit_opening_blinding(o, blinding, sizeof blinding), BPKIT_OK, NULL, "blinding");
    expect(bpkit_opening_commitment(o, c1, sizeof c1), BPKIT_OK, NULL, "commitment");
    expect(bpkit_opening_new(42, blinding, 32, &p), BPKIT_OK, NULL, "opening_new");
    expect(bpkit_opening_commitment(p, c2, sizeof c2), BPKIT_OK, NULL, "commitment 2");
    CHECK(memcmp(c1, c2, 32) == 0, "same opening, same commitment");
    /* Errors: short buffers, NULL, bad blindings. */
    expect(bpkit_opening_commitment(o, c1, 31), BPKIT_BUFFER_TOO_SMALL, "buffer-too-small", "31");
    expect(bpkit_opening_commitment(o, NULL, 32), BPKIT_NULL, "null-argument", "NULL out");
    expect(bpkit_opening_commitment(NULL, c1, 32), BPKIT_NULL, "null-argument", "NULL opening");
    expect(bpkit_opening_value(o, NULL), BPKIT_NULL, "null-argument", "NULL value out");
    expect(bpkit_commit(1, NULL), BPKIT_NULL, "null-argument", "commit NULL out");
    bpkit_opening_t *q = NULL;
    expect(bpkit_opening_new(1, blinding, 31, &q), BPKIT_MALFORMED, "wrong-length", "31 bytes");
    expect(bpkit_opening_new(1, NULL, 32, &q), BPKIT_NULL, "null-argument", "NULL blinding");
    expect(bpkit_opening_new(1, NULL, 0, &q), BPKIT_MALFORMED, "wrong-length", "no blinding");
    uint8_t ell[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                       0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                       0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
    expect(bpkit_opening_new(1, ell, 32, &q), BPKIT_MALFORMED, "non-canonical-scalar", "l");
    CHECK(q == NULL, "no handle on failure");
    bpkit_opening_free(o);
    bpkit_opening_free(p);
    bpkit_opening_free(NULL);
    memset(blinding, 0, sizeof blinding);
}

/* Monero Bulletproofs+: 1, 2 and 16 outputs prove and verify (bpkit_verify_json); a changed
 * commitment is a false proof; 0 and 17 outputs are refused; masks are checked. */
static void test_monero(void) {
    enum { MAX = 17 };
    bpkit_monero_opening_t *outs[MAX] = {NULL};
    for (int i = 0; i < MAX; i++) {
        expect(bpkit_commit_monero((uint64_t)i * 1000 + (i % 2 ? UINT64_MAX - 5000 : 0), NULL, 0,
                                   &outs[i]),
               BPKIT_OK, NULL, "commit_monero");
    }
    static char json[4096];
    size_t len = 0;
    const size_t counts[] = {1, 2, 16};
    for (size_t k = 0; k < 3; k++) {
        size_t m = counts[k];
        expect(bpkit_prove_monero((const bpkit_monero_opening_t *const *)outs, m, (uint8_t *)json,
                                  sizeof json, &len),
               BPKIT_OK, NULL, "prove_monero");
        CHECK(len == strlen(json) && len > 0 && json[len - 1] == '\n', "monero json length");
        CHECK(strstr(json, "\"scheme\":\"monero-bp+\"") != NULL, "monero scheme");
        expect(bpkit_verify_json((const uint8_t *)json, len), BPKIT_OK, NULL, "verify monero");
        /* The first commitment is in the JSON, in hex. */
        uint8_t c[32];
        char hex[65];
        expect(bpkit_monero_opening_commitment(outs[0], c, sizeof c), BPKIT_OK, NULL, "commitment");
        for (int j = 0; j < 32; j++) snprintf(hex + 2 * j, 3, "%02x", c[j]);
        char *at = strstr(json, hex);
        CHECK(at != NULL, "commitment 0 in the envelope");
        if (m >= 2 && at != NULL) {
            /* Replace commitment 0 by commitment 1: a valid point, a false proof. */
            uint8_t c1[32];
            char hex1[65];
            expect(bpkit_monero_opening_commitment(outs[1], c1, sizeof c1), BPKIT_OK, NULL, "c1");
            for (int j = 0; j < 32; j++) snprintf(hex1 + 2 * j, 3, "%02x", c1[j]);
            memcpy(at, hex1, 64);
            expect(bpkit_verify_json((const uint8_t *)json, len), BPKIT_INVALID_PROOF,
                   "verification-failed", "tampered monero commitment");
        }
    }
    /* Monero's original Bulletproofs: the same openings, the monero-bp envelope. */
    for (size_t m = 1; m <= 16; m += 15) {
        expect(bpkit_prove_monero_bp((const bpkit_monero_opening_t *const *)outs, m,
                                     (uint8_t *)json, sizeof json, &len),
               BPKIT_OK, NULL, "prove_monero_bp");
        CHECK(len == strlen(json) && len > 0 && json[len - 1] == '\n', "monero-bp json length");
        CHECK(strstr(json, "\"scheme\":\"monero-bp\"") != NULL, "monero-bp scheme");
        expect(bpkit_verify_json((const uint8_t *)json, len), BPKIT_OK, NULL, "verify monero-bp");
    }
    expect(bpkit_prove_monero_bp((const bpkit_monero_opening_t *const *)outs, MAX,
                                 (uint8_t *)json, sizeof json, &len),
           BPKIT_PROVING, "invalid-aggregation", "17 outputs (monero-bp)");
    expect(bpkit_prove_monero((const bpkit_monero_opening_t *const *)outs, MAX, (uint8_t *)json,
                              sizeof json, &len),
           BPKIT_PROVING, "invalid-aggregation", "17 outputs");
    expect(bpkit_prove_monero(NULL, 0, (uint8_t *)json, sizeof json, &len), BPKIT_PROVING,
           "invalid-aggregation", "0 outputs");
    expect(bpkit_prove_monero((const bpkit_monero_opening_t *const *)outs, 1, (uint8_t *)json, 10,
                              &len),
           BPKIT_BUFFER_TOO_SMALL, "buffer-too-small", "small buffer");
    /* A chosen mask: the same commitment; bad masks refused. */
    uint8_t mask[32], c1[32], c2[32];
    bpkit_monero_opening_t *same = NULL, *bad = NULL;
    expect(bpkit_monero_opening_mask(outs[3], mask, sizeof mask), BPKIT_OK, NULL, "mask");
    expect(bpkit_commit_monero(3000, mask, 32, &same), BPKIT_OK, NULL, "commit with mask");
    expect(bpkit_monero_opening_commitment(outs[3], c1, 32), BPKIT_OK, NULL, "c");
    expect(bpkit_monero_opening_commitment(same, c2, 32), BPKIT_OK, NULL, "c same");
    CHECK(memcmp(c1, c2, 32) != 0, "another amount, another commitment");
    bpkit_monero_opening_free(same);
    same = NULL;
    expect(bpkit_monero_opening_mask(outs[2], mask, sizeof mask), BPKIT_OK, NULL, "mask 2");
    expect(bpkit_commit_monero(2000, mask, 32, &same), BPKIT_OK, NULL, "commit with mask 2");
    expect(bpkit_monero_opening_commitment(outs[2], c1, 32), BPKIT_OK, NULL, "c 2");
    expect(bpkit_monero_opening_commitment(same, c2, 32), BPKIT_OK, NULL, "c same 2");
    CHECK(memcmp(c1, c2, 32) == 0, "same amount and mask, same commitment");
    expect(bpkit_commit_monero(1, mask, 31, &bad), BPKIT_MALFORMED, "wrong-length", "31-byte mask");
    uint8_t ell[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                       0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                       0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
    expect(bpkit_commit_monero(1, ell, 32, &bad), BPKIT_MALFORMED, "non-canonical-scalar", "l");
    expect(bpkit_commit_monero(1, NULL, 32, &bad), BPKIT_NULL, "null-argument", "NULL mask");
    expect(bpkit_commit_monero(1, NULL, 0, NULL), BPKIT_NULL, "null-argument", "NULL out");
    CHECK(bad == NULL, "no handle on failure");
    bpkit_monero_opening_free(same);
    for (int i = 0; i < MAX; i++) bpkit_monero_opening_free(outs[i]);
    bpkit_monero_opening_free(NULL);
    memset(mask, 0, sizeof mask);
}

static bpkit_envelope_t *parse(const char *json) {
    bpkit_envelope_t *env = NULL;
    if (bpkit_envelope_from_json((const uint8_t *)json, strlen(json), &env) != BPKIT_OK)
        return NULL;
    return env;
}

static char *to_json(const bpkit_envelope_t *env) {
    size_t len = 0;
    if (bpkit_envelope_to_json(env, NULL, 0, &len) != BPKIT_BUFFER_TOO_SMALL) return NULL;
    char *text = malloc(len + 1);
    if (text == NULL) return NULL;
    size_t again = 0;
    if (bpkit_envelope_to_json(env, (uint8_t *)text, len + 1, &again) != BPKIT_OK || again != len) {
        free(text);
        return NULL;
    }
    return text;
}

static void test_range_and_envelopes(void) {
    bpkit_opening_t *o[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3; i++) expect(bpkit_commit((uint64_t)i * 1000, &o[i]), BPKIT_OK, NULL, "c");
    const bpkit_opening_t *const list[3] = {o[0], o[1], o[2]};
    bpkit_envelope_t *env = NULL;
    expect(bpkit_prove_range(list, 3, 16, LABEL, LL, &env), BPKIT_OK, NULL, "prove_range");
    expect(bpkit_envelope_verify(env), BPKIT_OK, NULL, "verify");

    /* A receiver states what it expects: the three commitments, in order, and the label. */
    uint8_t mine[96], other[96];
    for (int i = 0; i < 3; i++)
        expect(bpkit_opening_commitment(o[i], mine + 32 * i, 32), BPKIT_OK, NULL, "commitment");
    expect(bpkit_envelope_verify_expecting(env, LABEL, LL, mine, sizeof mine, 16), BPKIT_OK, NULL,
           "expected");
    expect(bpkit_envelope_verify_expecting(env, LABEL, LL, mine, sizeof mine, 0), BPKIT_OK, NULL,
           "expected, any bits");
    memcpy(other, mine, sizeof mine);
    memcpy(other, mine + 32, 32); /* another commitment first: not the expected statement */
    expect(bpkit_envelope_verify_expecting(env, LABEL, LL, other, sizeof other, 16),
           BPKIT_INVALID_PROOF, "unexpected-statement", "other commitments");
    expect(bpkit_envelope_verify_expecting(env, (const uint8_t *)"x", 1, mine, sizeof mine, 16),
           BPKIT_INVALID_PROOF, "unexpected-statement", "other label");
    expect(bpkit_envelope_verify_expecting(env, LABEL, LL, mine, sizeof mine, 64),
           BPKIT_INVALID_PROOF, "unexpected-statement", "other bits");
    expect(bpkit_envelope_verify_expecting(env, LABEL, LL, mine, 33, 16), BPKIT_MALFORMED,
           "wrong-length", "commitments of 33 bytes");
    expect(bpkit_envelope_verify_expecting(NULL, LABEL, LL, mine, sizeof mine, 16), BPKIT_NULL,
           "null-argument", "NULL envelope");
    size_t bits = 0;
    expect(bpkit_envelope_bits(env, &bits), BPKIT_OK, NULL, "bits");
    CHECK(bits == 16, "bits %zu", bits);

    /* JSON round trip, byte for byte. */
    char *text = to_json(env);
    CHECK(text != NULL && text[strlen(text) - 1] == '\n', "to_json");
    bpkit_envelope_t *back = text ? parse(text) : NULL;
    CHECK(back != NULL, "from_json");
    char *again = back ? to_json(back) : NULL;
    CHECK(again != NULL && text != NULL && strcmp(text, again) == 0, "same bytes");

    /* The proof and commitments as bytes; typed verification. */
    uint8_t proof[2048], cs[3 * 32];
    size_t proof_len = 0, cs_len = 0;
    expect(bpkit_envelope_proof(env, proof, sizeof proof, &proof_len), BPKIT_OK, NULL, "proof");
    expect(bpkit_envelope_commitments(env, cs, sizeof cs, &cs_len), BPKIT_OK, NULL, "commitments");
    CHECK(cs_len == 96, "commitments length %zu", cs_len);
    expect(bpkit_proof_check(BPKIT_PROOF_RANGE, proof, proof_len), BPKIT_OK, NULL, "check");
    expect(bpkit_range_proof_verify(proof, proof_len, cs, cs_len, 16, LABEL, LL), BPKIT_OK, NULL,
           "typed verify");
    expect(bpkit_range_proof_verify(proof, proof_len, cs, cs_len, 16, LABEL, LL - 1),
           BPKIT_INVALID_PROOF, "verification-failed", "other label");
    expect(bpkit_range_proof_verify(proof, proof_len, cs, 64, 16, LABEL, LL), BPKIT_INVALID_PROOF,
           "size-mismatch", "two commitments");
    expect(bpkit_range_proof_verify(proof, proof_len, cs, 95, 16, LABEL, LL), BPKIT_MALFORMED,
           "wrong-length", "95 bytes of commitments");
    expect(bpkit_range_proof_verify(proof, proof_len, cs, cs_len, 12, LABEL, LL), BPKIT_MALFORMED,
           "invalid-bit-size", "bits 12");
    /* Every byte flipped: never OK. */
    int ok_flips = 0;
    for (size_t i = 0; i < proof_len; i++) {
        proof[i] ^= 1;
        if (bpkit_range_proof_verify(proof, proof_len, cs, cs_len, 16, LABEL, LL) == BPKIT_OK)
            ok_flips++;
        proof[i] ^= 1;
    }
    CHECK(ok_flips == 0, "%d flipped proofs verified", ok_flips);
    /* Zero-length and NULL inputs. */
    expect(bpkit_range_proof_verify(NULL, 0, cs, cs_len, 16, LABEL, LL), BPKIT_MALFORMED,
           "wrong-length", "empty proof");
    expect(bpkit_range_proof_verify(NULL, 10, cs, cs_len, 16, LABEL, LL), BPKIT_NULL,
           "null-argument", "NULL proof");
    expect(bpkit_range_proof_verify(proof, proof_len, NULL, 0, 16, LABEL, LL), BPKIT_MALFORMED,
           "invalid-aggregation", "no commitments");
    expect(bpkit_range_proof_verify(proof, proof_len, cs, cs_len, 16, NULL, 0),
           BPKIT_INVALID_PROOF, "verification-failed", "empty label");
    expect(bpkit_range_proof_verify(proof, proof_len, cs, cs_len, 16, NULL, 3), BPKIT_NULL,
           "null-argument", "NULL label");
    const uint8_t bad_utf8[] = {0xff, 0xfe};
    expect(bpkit_range_proof_verify(proof, proof_len, cs, cs_len, 16, bad_utf8, 2), BPKIT_MALFORMED,
           "invalid-argument", "label not UTF-8");
    /* Buffers too small report the needed length. */
    size_t need = 0;
    expect(bpkit_envelope_proof(env, proof, 10, &need), BPKIT_BUFFER_TOO_SMALL, "buffer-too-small",
           "small");
    CHECK(need == proof_len, "needed length %zu", need);
    expect(bpkit_envelope_proof(env, proof, sizeof proof, NULL), BPKIT_NULL, "null-argument",
           "NULL length");
    /* Prover refusals. */
    bpkit_envelope_t *none = NULL;
    expect(bpkit_prove_range(list, 3, 8, LABEL, LL, &none), BPKIT_PROVING, "value-out-of-range",
           "2000 in 8 bits");
    expect(bpkit_prove_range(list, 0, 8, LABEL, LL, &none), BPKIT_PROVING, "invalid-aggregation",
           "no openings");
    expect(bpkit_prove_range(NULL, 2, 8, LABEL, LL, &none), BPKIT_NULL, "null-argument",
           "NULL openings");
    const bpkit_opening_t *holes[2] = {o[0], NULL};
    expect(bpkit_prove_range(holes, 2, 8, LABEL, LL, &none), BPKIT_NULL, "null-argument",
           "NULL opening in the list");
    expect(bpkit_prove_range(list, 1, 8, LABEL, LL, NULL), BPKIT_NULL, "null-argument", "NULL out");
    CHECK(none == NULL, "no envelope on failure");

    free(text);
    free(again);
    bpkit_envelope_free(back);
    bpkit_envelope_free(env);
    for (int i = 0; i < 3; i++) bpkit_opening_free(o[i]);
}

static void test_malformed_envelopes(void) {
    static const char *bad[] = {
        "",
        "{",
        "null",
        "[]",
        "{\"version\":1}",
        "{\"version\":2,\"scheme\":\"bp\",\"bits\":8,\"label\":\"\",\"commitments\":[],\"proof\":\"\"}",
        "{\"version\":1,\"scheme\":\"bp\",\"bits\":12,\"label\":\"\",\"commitments\":[\"" 
        "0000000000000000000000000000000000000000000000000000000000000000\"],\"proof\":\"\"}",
        "{\"version\":1,\"scheme\":\"xx\",\"bits\":8,\"label\":\"\",\"commitments\":[\""
        "0000000000000000000000000000000000000000000000000000000000000000\"],\"proof\":\"\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bpkit_envelope_t *env = NULL;
        expect(bpkit_envelope_from_json((const uint8_t *)bad[i], strlen(bad[i]), &env),
               BPKIT_MALFORMED, "malformed-envelope", bad[i]);
        CHECK(env == NULL, "no handle");
    }
    bpkit_envelope_t *env = NULL;
    expect(bpkit_envelope_from_json(NULL, 0, &env), BPKIT_MALFORMED, "malformed-envelope", "empty");
    expect(bpkit_envelope_from_json(NULL, 5, &env), BPKIT_NULL, "null-argument", "NULL json");
    const uint8_t not_utf8[] = {'{', 0xff, '}'};
    expect(bpkit_envelope_from_json(not_utf8, 3, &env), BPKIT_MALFORMED, "malformed-envelope",
           "not UTF-8");
    /* Well-formed envelope, undecodable proof: malformed at verification. */
    const char *short_proof =
        "{\"version\":1,\"scheme\":\"bp\",\"bits\":8,\"label\":\"x\",\"commitments\":[\""
        "0000000000000000000000000000000000000000000000000000000000000000\"],\"proof\":\"00\"}";
    env = parse(short_proof);
    CHECK(env != NULL, "parse short proof");
    expect(bpkit_envelope_verify(env), BPKIT_MALFORMED, "wrong-length", "short proof");
    bpkit_envelope_free(env);
    expect(bpkit_envelope_verify(NULL), BPKIT_NULL, "null-argument", "verify NULL");
    bpkit_envelope_free(NULL);
}

static void test_interval_and_plus(void) {
    bpkit_opening_t *o = NULL;
    expect(bpkit_commit(150, &o), BPKIT_OK, NULL, "commit");
    bpkit_envelope_t *iv = NULL, *none = NULL;
    expect(bpkit_prove_interval(o, 100, 199, 0, LABEL, LL, &iv), BPKIT_OK, NULL, "interval");
    expect(bpkit_envelope_verify(iv), BPKIT_OK, NULL, "interval verify");
    expect(bpkit_prove_interval(o, 151, 199, 0, LABEL, LL, &none), BPKIT_PROVING,
           "value-out-of-range", "outside");
    expect(bpkit_prove_interval(o, 200, 100, 0, LABEL, LL, &none), BPKIT_PROVING, "invalid-range",
           "empty interval");
    uint8_t proof[2048], c[32];
    size_t pl = 0, cl = 0;
    expect(bpkit_envelope_proof(iv, proof, sizeof proof, &pl), BPKIT_OK, NULL, "iv proof");
    expect(bpkit_envelope_commitments(iv, c, sizeof c, &cl), BPKIT_OK, NULL, "iv commitment");
    expect(bpkit_interval_proof_verify(proof, pl, c, cl, 100, 199, 8, LABEL, LL), BPKIT_OK, NULL,
           "typed interval");
    expect(bpkit_interval_proof_verify(proof, pl, c, cl, 100, 200, 8, LABEL, LL),
           BPKIT_INVALID_PROOF, "verification-failed", "other interval");
    expect(bpkit_interval_proof_verify(proof, pl, c, 31, 100, 199, 8, LABEL, LL), BPKIT_MALFORMED,
           "wrong-length", "31-byte commitment");

    bpkit_extended_opening_t *x = NULL, *got = NULL;
    expect(bpkit_extended_opening_random(31337, 2, &x), BPKIT_OK, NULL, "extended");
    expect(bpkit_extended_opening_random(1, 7, &got), BPKIT_MALFORMED, "invalid-extension-degree",
           "k 7");
    uint8_t seed[32];
    expect(bpkit_random_seed(seed, sizeof seed), BPKIT_OK, NULL, "seed");
    const bpkit_extended_opening_t *one[1] = {x};
    uint64_t min = 30000;
    bpkit_envelope_t *pe = NULL;
    expect(bpkit_prove_plus(one, 1, &min, 1, BPKIT_GENERATORS_TARI, seed, 32, 16, LABEL, LL, &pe),
           BPKIT_OK, NULL, "prove_plus");
    expect(bpkit_envelope_verify(pe), BPKIT_OK, NULL, "plus verify");
    expect(bpkit_envelope_recover(pe, seed, 32, 31337, &got), BPKIT_OK, NULL, "recover");
    uint64_t v = 0;
    expect(bpkit_extended_opening_value(got, &v), BPKIT_OK, NULL, "value");
    CHECK(v == 31337, "recovered value");
    uint8_t b1[64], b2[64];
    size_t l1 = 0, l2 = 0;
    expect(bpkit_extended_opening_blindings(x, b1, sizeof b1, &l1), BPKIT_OK, NULL, "b1");
    expect(bpkit_extended_opening_blindings(got, b2, sizeof b2, &l2), BPKIT_OK, NULL, "b2");
    CHECK(l1 == 64 && l2 == 64 && memcmp(b1, b2, 64) == 0, "recovered blindings");
    bpkit_extended_opening_free(got);
    got = NULL;
    expect(bpkit_envelope_recover(pe, seed, 32, 31338, &got), BPKIT_INVALID_PROOF,
           "recovery-failed", "wrong value");
    expect(bpkit_envelope_recover(iv, seed, 32, 150, &got), BPKIT_MALFORMED, "wrong-scheme",
           "recover a bp envelope");
    expect(bpkit_envelope_recover(pe, seed, 31, 31337, &got), BPKIT_MALFORMED, "wrong-length",
           "31-byte seed");
    CHECK(got == NULL, "no opening on failure");
    /* Typed BP+ verification, generators and minimums. */
    expect(bpkit_envelope_proof(pe, proof, sizeof proof, &pl), BPKIT_OK, NULL, "plus proof");
    expect(bpkit_extended_opening_commitment(x, BPKIT_GENERATORS_TARI, c, sizeof c), BPKIT_OK, NULL,
           "tari commitment");
    expect(bpkit_plus_proof_verify(proof, pl, c, 32, &min, 1, BPKIT_GENERATORS_TARI, 0, 16, LABEL,
                                   LL),
           BPKIT_OK, NULL, "typed plus");
    expect(bpkit_plus_proof_verify(proof, pl, c, 32, &min, 1, BPKIT_GENERATORS_BPKIT, 0, 16, LABEL,
                                   LL),
           BPKIT_INVALID_PROOF, "verification-failed", "other generators");
    expect(bpkit_plus_proof_verify(proof, pl, c, 32, &min, 1, BPKIT_GENERATORS_TARI, 3, 16, LABEL,
                                   LL),
           BPKIT_INVALID_PROOF, "extension-mismatch", "k 3");
    expect(bpkit_plus_proof_verify(proof, pl, c, 32, &min, 1, 7, 0, 16, LABEL, LL), BPKIT_MALFORMED,
           "invalid-argument", "generators 7");
    expect(bpkit_plus_proof_verify(proof, pl, c, 32, NULL, 1, BPKIT_GENERATORS_TARI, 0, 16, LABEL,
                                   LL),
           BPKIT_NULL, "null-argument", "NULL minimums");
    uint64_t two_mins[2] = {1, 2};
    expect(bpkit_plus_proof_verify(proof, pl, c, 32, two_mins, 2, BPKIT_GENERATORS_TARI, 0, 16,
                                   LABEL, LL),
           BPKIT_MALFORMED, "witness-mismatch", "two minimums");
    expect(bpkit_prove_plus(one, 1, NULL, 0, BPKIT_GENERATORS_BPKIT, seed, 32, 8, LABEL, LL, &none),
           BPKIT_PROVING, "value-out-of-range", "31337 in 8 bits");
    const bpkit_extended_opening_t *twice[2] = {x, x};
    expect(bpkit_prove_plus(twice, 2, NULL, 0, BPKIT_GENERATORS_BPKIT, seed, 32, 16, LABEL, LL,
                            &none),
           BPKIT_PROVING, "aggregated-recovery", "seed with two values");
    CHECK(none == NULL, "no envelope on failure");
    memset(seed, 0, sizeof seed);
    memset(b1, 0, sizeof b1);
    memset(b2, 0, sizeof b2);
    bpkit_envelope_free(pe);
    bpkit_envelope_free(iv);
    bpkit_extended_opening_free(x);
    bpkit_opening_free(o);
}

static void test_batch(void) {
    enum { N = 9 };
    bpkit_envelope_t *envs[N] = {NULL};
    bpkit_opening_t *o = NULL;
    bpkit_extended_opening_t *x = NULL;
    expect(bpkit_commit(77, &o), BPKIT_OK, NULL, "commit");
    expect(bpkit_extended_opening_random(77, 1, &x), BPKIT_OK, NULL, "extended");
    const bpkit_opening_t *one[1] = {o};
    const bpkit_extended_opening_t *xone[1] = {x};
    for (int i = 0; i < N; i++) {
        bpkit_status s;
        if (i % 3 == 0)
            s = bpkit_prove_range(one, 1, 64, LABEL, LL, &envs[i]);
        else if (i % 3 == 1)
            s = bpkit_prove_interval(o, 70, 80, 0, LABEL, LL, &envs[i]);
        else
            s = bpkit_prove_plus(xone, 1, NULL, 0, i % 2, NULL, 0, 8, LABEL, LL, &envs[i]);
        expect(s, BPKIT_OK, NULL, "prove for batch");
    }
    const bpkit_envelope_t *list[N];
    for (int i = 0; i < N; i++) list[i] = envs[i];
    size_t bad[N], count = 99, malformed = 99;
    expect(bpkit_verify_batch(list, N, 2, bad, N, &count, &malformed), BPKIT_OK, NULL, "batch");
    CHECK(count == 0, "no bad proofs (%zu)", count);
    /* Replace two with false proofs: the same proof under another label. */
    bpkit_envelope_t *f1 = NULL, *f2 = NULL;
    char *t1 = to_json(envs[1]), *t2 = to_json(envs[5]);
    CHECK(t1 != NULL && t2 != NULL, "to_json");
    char *p1 = t1 ? strstr(t1, "c self-test") : NULL, *p2 = t2 ? strstr(t2, "c self-test") : NULL;
    CHECK(p1 != NULL && p2 != NULL, "label in json");
    if (p1 != NULL && p2 != NULL) {
        p1[0] = 'C';
        p2[0] = 'C';
        f1 = parse(t1);
        f2 = parse(t2);
    }
    CHECK(f1 != NULL && f2 != NULL, "parse falsified");
    list[1] = f1;
    list[5] = f2;
    expect(bpkit_verify_batch(list, N, 0, bad, N, &count, &malformed), BPKIT_INVALID_PROOF,
           "verification-failed", "batch with two false");
    CHECK(count == 2 && bad[0] == 1 && bad[1] == 5, "bad indices %zu: %zu %zu", count, bad[0],
          bad[1]);
    expect(bpkit_verify_batch(list, N, 1, bad, 1, &count, NULL), BPKIT_INVALID_PROOF, NULL,
           "short list");
    CHECK(count == 2 && bad[0] == 1, "truncated list");
    expect(bpkit_verify_batch(list, N, 1, NULL, 0, &count, NULL), BPKIT_INVALID_PROOF, NULL,
           "no list");
    CHECK(count == 2, "count only");
    /* A malformed envelope names its index. */
    const char *undecodable =
        "{\"version\":1,\"scheme\":\"bp\",\"bits\":8,\"label\":\"x\",\"commitments\":[\""
        "0000000000000000000000000000000000000000000000000000000000000000\"],\"proof\":\"00\"}";
    bpkit_envelope_t *m = parse(undecodable);
    list[7] = m;
    expect(bpkit_verify_batch(list, N, 1, bad, N, &count, &malformed), BPKIT_MALFORMED,
           "wrong-length", "malformed in batch");
    CHECK(malformed == 7, "malformed index %zu", malformed);
    /* Empty batch, NULL arguments. */
    expect(bpkit_verify_batch(NULL, 0, 1, NULL, 0, &count, NULL), BPKIT_OK, NULL, "empty batch");
    expect(bpkit_verify_batch(NULL, 3, 1, NULL, 0, &count, NULL), BPKIT_NULL, "null-argument",
           "NULL list");
    expect(bpkit_verify_batch(list, N, 1, NULL, 0, NULL, NULL), BPKIT_NULL, "null-argument",
           "NULL count");
    expect(bpkit_verify_batch(list, N, 1, NULL, 3, &count, NULL), BPKIT_NULL, "null-argument",
           "NULL bad with capacity");
    list[0] = NULL;
    expect(bpkit_verify_batch(list, N, 1, bad, N, &count, NULL), BPKIT_NULL, "null-argument",
           "NULL envelope");
    free(t1);
    free(t2);
    bpkit_envelope_free(f1);
    bpkit_envelope_free(f2);
    bpkit_envelope_free(m);
    for (int i = 0; i < N; i++) bpkit_envelope_free(envs[i]);
    bpkit_opening_free(o);
    bpkit_extended_opening_free(x);
}

static void test_misc(void) {
    CHECK(strcmp(bpkit_status_name(BPKIT_OK), "BPKIT_OK") == 0, "status name");
    CHECK(strcmp(bpkit_status_name(BPKIT_MALFORMED), "BPKIT_MALFORMED") == 0, "status name");
    CHECK(strcmp(bpkit_status_name(-1), "unknown status") == 0, "unknown status");
    CHECK(strlen(bpkit_version()) > 0, "version");
    uint8_t p[1] = {0};
    expect(bpkit_proof_check(9, p, 1), BPKIT_MALFORMED, "invalid-argument", "proof kind 9");
    expect(bpkit_proof_check(BPKIT_PROOF_PLUS, NULL, 0), BPKIT_MALFORMED, "wrong-length",
           "empty plus");
    expect(bpkit_random_seed(p, 1), BPKIT_BUFFER_TOO_SMALL, "buffer-too-small", "1-byte seed");
    bpkit_extended_opening_t *x = NULL;
    uint8_t zeros[7 * 32] = {0};
    expect(bpkit_extended_opening_new(1, zeros, 7 * 32, &x), BPKIT_MALFORMED,
           "invalid-extension-degree", "7 blindings");
    expect(bpkit_extended_opening_new(1, zeros, 33, &x), BPKIT_MALFORMED,
           "invalid-extension-degree", "33 bytes");
    expect(bpkit_extended_opening_new(1, zeros, 64, &x), BPKIT_OK, NULL, "zero blindings");
    bpkit_extended_opening_free(x);
}

/* bpkit_set_threads: proofs made on 2 threads (range, and a Merkle circuit) verify; more than
 * 256 threads is refused and keeps the setting; 0 restores the default pool. */
static void test_threads(void) {
    expect(bpkit_set_threads(2), BPKIT_OK, NULL, "2 threads");
    bpkit_opening_t *o = NULL;
    expect(bpkit_commit(77, &o), BPKIT_OK, NULL, "commit");
    const bpkit_opening_t *const list[1] = {o};
    bpkit_envelope_t *env = NULL;
    expect(bpkit_prove_range(list, 1, 32, LABEL, LL, &env), BPKIT_OK, NULL, "range, 2 threads");
    expect(bpkit_envelope_verify(env), BPKIT_OK, NULL, "verify range, 2 threads");
    const uint64_t leaves[3] = {1, 2, 3};
    bpkit_circuit_envelope_t *m = NULL;
    bpkit_opening_t *leaf = NULL;
    expect(bpkit_prove_merkle(leaves, 3, 1, LABEL, LL, &m, &leaf), BPKIT_OK, NULL,
           "merkle, 2 threads");
    expect(bpkit_circuit_envelope_verify(m), BPKIT_OK, NULL, "verify merkle, 2 threads");
    expect(bpkit_set_threads(300), BPKIT_MALFORMED, "invalid-argument", "300 threads");
    expect(bpkit_set_threads(257), BPKIT_MALFORMED, "invalid-argument", "257 threads");
    expect(bpkit_set_threads(1), BPKIT_OK, NULL, "1 thread");
    bpkit_envelope_t *one = NULL;
    expect(bpkit_prove_range(list, 1, 32, LABEL, LL, &one), BPKIT_OK, NULL, "range, 1 thread");
    expect(bpkit_envelope_verify(one), BPKIT_OK, NULL, "verify range, 1 thread");
    expect(bpkit_set_threads(0), BPKIT_OK, NULL, "default pool");
    bpkit_envelope_free(one);
    bpkit_circuit_envelope_free(m);
    bpkit_opening_free(leaf);
    bpkit_envelope_free(env);
    bpkit_opening_free(o);
}

/* verify_json over every scheme, the circuit-statement provers, verify_circuit; malformed,
 * NULL and zero-length arguments. */
static void test_statements(void) {
    static const uint8_t L[] = "c statements";
    const size_t ll = sizeof L - 1;
    const uint64_t leaves[5] = {3, 9, 27, 81, 243};
    bpkit_circuit_envelope_t *m = NULL, *none = NULL;
    bpkit_opening_t *leaf = NULL, *no_opening = NULL;
    expect(bpkit_prove_merkle(leaves, 5, 3, L, ll, &m, &leaf), BPKIT_OK, NULL, "merkle");
    uint64_t value = 0;
    expect(bpkit_opening_value(leaf, &value), BPKIT_OK, NULL, "leaf value");
    CHECK(value == 81, "leaf value %llu", (unsigned long long)value);
    expect(bpkit_circuit_envelope_verify(m), BPKIT_OK, NULL, "merkle verify");
    /* Depth 3: 234 + 3 * 239 = 951 multipliers; verified at that limit, refused one below. */
    expect(bpkit_circuit_envelope_verify_limited(m, 951), BPKIT_OK, NULL, "merkle at its size");
    expect(bpkit_circuit_envelope_verify_limited(m, 950), BPKIT_MALFORMED, "circuit-too-large",
           "merkle one below its size");
    expect(bpkit_circuit_envelope_verify_limited(NULL, 951), BPKIT_NULL, "null-argument",
           "limited: NULL envelope");
    {
        /* A 1024-byte SHA-256 statement (446,373 multipliers): refused by default whatever its
         * proof; with the limit raised, its (empty) proof is what is refused. */
        static const char big[] =
            "{\"version\":1,\"scheme\":\"circuit\",\"statement\":\"sha256-preimage\","
            "\"public\":{\"digest\":\"abababababababababababababababababababababababababababababababab\","
            "\"message_len\":1024},\"label\":\"x\",\"commitments\":[],\"proof\":\"\"}";
        expect(bpkit_verify_json((const uint8_t *)big, strlen(big)), BPKIT_MALFORMED,
               "circuit-too-large", "1024-byte sha256 statement");
        expect(bpkit_verify_json_limited((const uint8_t *)big, strlen(big), 446372),
               BPKIT_MALFORMED, "circuit-too-large", "1024-byte sha256, limit one below");
        expect(bpkit_verify_json_limited((const uint8_t *)big, strlen(big), 446373),
               BPKIT_MALFORMED, "wrong-length", "1024-byte sha256 at its size: the empty proof");
        expect(bpkit_verify_json_limited(NULL, 5, 1), BPKIT_NULL, "null-argument",
               "limited: NULL json");
    }
    char *text = circuit_json(m);
    CHECK(text != NULL && text[strlen(text) - 1] == '\n', "merkle json");
    if (text != NULL) {
        size_t n = strlen(text);
        expect(bpkit_verify_json((const uint8_t *)text, n), BPKIT_OK, NULL, "verify_json merkle");
        expect(bpkit_verify_json_limited((const uint8_t *)text, n, 951), BPKIT_OK, NULL,
               "verify_json_limited merkle at its size");
        expect(bpkit_verify_json_limited((const uint8_t *)text, n, 950), BPKIT_MALFORMED,
               "circuit-too-large", "verify_json_limited merkle one below");
        /* The leaf's commitment is the envelope's. */
        uint8_t c[32];
        char hexc[65];
        expect(bpkit_opening_commitment(leaf, c, 32), BPKIT_OK, NULL, "leaf commitment");
        for (int i = 0; i < 32; i++) snprintf(hexc + 2 * i, 3, "%02x", c[i]);
        CHECK(strstr(text, hexc) != NULL, "leaf commitment in the envelope");
        /* Round trip through the parser gives the same bytes. */
        bpkit_circuit_envelope_t *again = NULL;
        expect(bpkit_circuit_envelope_from_json((const uint8_t *)text, n, &again), BPKIT_OK, NULL,
               "circuit from_json");
        char *text2 = circuit_json(again);
        CHECK(text2 != NULL && strcmp(text, text2) == 0, "circuit json round trip");
        free(text2);
        bpkit_circuit_envelope_free(again);
        /* Another label: a false proof, not a malformed one. */
        char *p = strstr(text, "c statements");
        CHECK(p != NULL, "label in json");
        if (p != NULL) {
            p[0] = 'C';
            expect(bpkit_verify_json((const uint8_t *)text, n), BPKIT_INVALID_PROOF,
                   "verification-failed", "merkle under another label");
            p[0] = 'c';
        }
        /* Every prefix is malformed, never a crash. */
        for (size_t k = 0; k + 1 < n; k += 37)
            expect(bpkit_verify_json((const uint8_t *)text, k), BPKIT_MALFORMED, NULL, "prefix");
        /* A range envelope is not a circuit envelope. */
        bpkit_circuit_envelope_t *wrong = NULL;
        const char *bp = "{\"version\":1,\"scheme\":\"bp\",\"bits\":8,\"label\":\"x\","
                         "\"commitments\":[],\"proof\":\"00\"}";
        expect(bpkit_circuit_envelope_from_json((const uint8_t *)bp, strlen(bp), &wrong),
               BPKIT_MALFORMED, NULL, "bp as circuit");
        CHECK(wrong == NULL, "no handle on failure");
    }
    free(text);
    expect(bpkit_verify_json(NULL, 0), BPKIT_MALFORMED, NULL, "empty json");
    expect(bpkit_verify_json(NULL, 5), BPKIT_NULL, "null-argument", "NULL json");
    const uint8_t not_utf8[2] = {0xff, 0xfe};
    expect(bpkit_verify_json(not_utf8, 2), BPKIT_MALFORMED, "malformed-envelope", "not UTF-8");
    expect(bpkit_circuit_envelope_verify(NULL), BPKIT_NULL, "null-argument", "NULL envelope");
    size_t len = 0;
    expect(bpkit_circuit_envelope_to_json(m, NULL, 0, NULL), BPKIT_NULL, "null-argument",
           "NULL out_len");
    expect(bpkit_circuit_envelope_to_json(m, NULL, 5, &len), BPKIT_BUFFER_TOO_SMALL,
           "buffer-too-small", "NULL out");
    /* Refusals and NULL arguments of the provers: checked before any work. */
    expect(bpkit_prove_merkle(leaves, 5, 5, L, ll, &none, &no_opening), BPKIT_PROVING, NULL,
           "no leaf 5");
    expect(bpkit_prove_merkle(NULL, 0, 0, L, ll, &none, &no_opening), BPKIT_PROVING, NULL,
           "no leaves");
    expect(bpkit_prove_merkle(NULL, 5, 0, L, ll, &none, &no_opening), BPKIT_NULL,
           "null-argument", "NULL leaves");
    expect(bpkit_prove_merkle(leaves, 5, 0, L, ll, &none, NULL), BPKIT_NULL, "null-argument",
           "NULL opening_out");
    expect(bpkit_prove_merkle(leaves, 5, 0, L, ll, NULL, &no_opening), BPKIT_NULL,
           "null-argument", "NULL out");
    CHECK(none == NULL && no_opening == NULL, "nothing made on failure");
    const uint64_t in[3] = {1, 2, 3}, perm[3] = {3, 1, 2}, notperm[3] = {3, 1, 1};
    bpkit_opening_t *ins[3] = {NULL, NULL, NULL}, *outs[3] = {NULL, NULL, NULL};
    bpkit_circuit_envelope_t *s = NULL;
    expect(bpkit_prove_shuffle(in, 3, notperm, 3, L, ll, &none, ins, outs), BPKIT_PROVING, NULL,
           "not a permutation");
    expect(bpkit_prove_shuffle(in, 3, perm, 2, L, ll, &none, ins, outs), BPKIT_PROVING, NULL,
           "lengths differ");
    expect(bpkit_prove_shuffle(in, 3, perm, 3, L, ll, &none, NULL, outs), BPKIT_NULL,
           "null-argument", "NULL input openings");
    expect(bpkit_prove_shuffle(NULL, 0, NULL, 0, L, ll, &none, NULL, NULL), BPKIT_PROVING, NULL,
           "empty shuffle");
    CHECK(none == NULL && ins[0] == NULL, "nothing made on failure");
    expect(bpkit_prove_shuffle(in, 3, perm, 3, L, ll, &s, ins, outs), BPKIT_OK, NULL, "shuffle");
    for (int i = 0; i < 3; i++) {
        uint64_t a = 0, b = 0;
        expect(bpkit_opening_value(ins[i], &a), BPKIT_OK, NULL, "input value");
        expect(bpkit_opening_value(outs[i], &b), BPKIT_OK, NULL, "output value");
        CHECK(a == in[i] && b == perm[i], "shuffle openings %d", i);
    }
    expect(bpkit_circuit_envelope_verify(s), BPKIT_OK, NULL, "shuffle verify");
    const uint8_t msg[3] = {'a', 'b', 'c'};
    uint8_t big[1025] = {0};
    expect(bpkit_prove_sha256(big, sizeof big, L, ll, &none), BPKIT_PROVING, NULL,
           "1025-byte message");
    expect(bpkit_prove_sha256(NULL, 3, L, ll, &none), BPKIT_NULL, "null-argument",
           "NULL message");
    expect(bpkit_prove_sha256(msg, 3, NULL, 4, &none), BPKIT_NULL, "null-argument",
           "NULL label");
    CHECK(none == NULL, "nothing made on failure");
    /* verify_circuit: malformed description, NULL and ragged arguments. */
    uint8_t zero[64] = {0};
    const char *desc = "{}";
    expect(bpkit_verify_circuit((const uint8_t *)desc, 2, NULL, 0, zero, 64, L, ll),
           BPKIT_MALFORMED, "circuit", "description {}");
    expect(bpkit_verify_circuit(NULL, 0, NULL, 0, NULL, 0, NULL, 0), BPKIT_MALFORMED, "circuit",
           "all empty");
    expect(bpkit_verify_circuit(NULL, 3, NULL, 0, NULL, 0, NULL, 0), BPKIT_NULL, "null-argument",
           "NULL circuit");
    expect(bpkit_verify_circuit((const uint8_t *)desc, 2, zero, 31, zero, 64, L, ll),
           BPKIT_MALFORMED, "wrong-length", "31-byte commitments");
    expect(bpkit_verify_circuit(not_utf8, 2, NULL, 0, NULL, 0, NULL, 0), BPKIT_MALFORMED,
           "circuit", "description not UTF-8");
    /* 2^22 multipliers: above the default limit (2^16), refused from the header. */
    const char *huge = "{\"bpkit_circuit\":1,\"commitments\":0,\"multipliers\":[4194304,0],"
                       "\"challenges\":[],\"phase1\":[],\"phase2\":[]}";
    expect(bpkit_verify_circuit((const uint8_t *)huge, strlen(huge), NULL, 0, zero, 64, L, ll),
           BPKIT_MALFORMED, "circuit-too-large", "2^22 multipliers");
    expect(bpkit_verify_circuit_limited((const uint8_t *)huge, strlen(huge), NULL, 0, zero, 64, L,
                                        ll, (size_t)4194303),
           BPKIT_MALFORMED, "circuit-too-large", "2^22 multipliers, limit 2^22 - 1");
    /* With the limit at 2^22 the description is read and the 64-byte proof refused. */
    expect(bpkit_verify_circuit_limited((const uint8_t *)huge, strlen(huge), NULL, 0, zero, 64, L,
                                        ll, (size_t)4194304),
           BPKIT_MALFORMED, "wrong-length", "2^22 multipliers, limit 2^22");
    expect(bpkit_verify_circuit_limited(NULL, 3, NULL, 0, NULL, 0, NULL, 0, 0), BPKIT_NULL,
           "null-argument", "limited: NULL circuit");
    bpkit_circuit_envelope_free(m);
    bpkit_circuit_envelope_free(s);
    bpkit_circuit_envelope_free(NULL);
    bpkit_opening_free(leaf);
    for (int i = 0; i < 3; i++) {
        bpkit_opening_free(ins[i]);
        bpkit_opening_free(outs[i]);
    }
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "--vectors") == 0) return run_vectors(argv[2]);
    if (argc >= 3 && strcmp(argv[1], "--verify") == 0) return verify_files(argc - 2, argv + 2);
    if (argc == 3 && strcmp(argv[1], "--prove") == 0) return prove_files(argv[2]);
    if (argc != 1) {
        fprintf(stderr, "usage: %s [--vectors FILE | --verify FILE... | --prove OUT]\n", argv[0]);
        return 2;
    }
    test_openings();
    test_range_and_envelopes();
    test_malformed_envelopes();
    test_interval_and_plus();
    test_monero();
    test_batch();
    test_misc();
    test_threads();
    test_statements();
    printf("self-test: %d checks, %d failures\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
