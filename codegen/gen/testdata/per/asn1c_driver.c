/*
 * The C side of the asn1c cross-check of generated code (asn1c_test.go):
 * built with the code asn1c -gen-PER -pdu=all makes of a module, it reads
 * lines "TYPE HEX" on stdin, decodes HEX as the complete UNALIGNED PER
 * encoding of TYPE (uper_decode_complete), encodes the value again
 * (uper_encode_to_buffer) and answers "OK HEX" with the complete encoding
 * (X.691 11.1: at least one octet), or "ERR message".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asn_application.h"
#include "per_decoder.h"
#include "per_encoder.h"

extern struct asn_TYPE_descriptor_s *asn_pdu_collection[];

static asn_TYPE_descriptor_t *lookup(const char *name) {
	for (int i = 0; asn_pdu_collection[i]; i++)
		if (strcmp(asn_pdu_collection[i]->name, name) == 0)
			return asn_pdu_collection[i];
	return NULL;
}

static int unhex(const char *s, size_t n, unsigned char *out) {
	for (size_t i = 0; i < n / 2; i++) {
		unsigned v;
		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (unsigned char)v;
	}
	return 0;
}

enum { MAX = 1 << 22 };

int main(void) {
	static char line[2 * MAX + 256];
	static unsigned char in[MAX], out[MAX];
	while (fgets(line, sizeof line, stdin)) {
		char *sp = strchr(line, ' ');
		if (!sp) {
			puts("ERR no hex");
			fflush(stdout);
			continue;
		}
		*sp = 0;
		char *hex = sp + 1;
		size_t n = strcspn(hex, "\r\n");
		asn_TYPE_descriptor_t *td = lookup(line);
		if (!td) {
			printf("ERR no type %s\n", line);
		} else if (n % 2 || n / 2 > MAX || unhex(hex, n, in)) {
			puts("ERR bad hex");
		} else {
			void *v = NULL;
			asn_dec_rval_t rv = uper_decode_complete(NULL, td, &v, in, n / 2);
			if (rv.code != RC_OK) {
				printf("ERR decode: code %d after %zu octets\n", (int)rv.code, rv.consumed);
			} else if (rv.consumed != n / 2) {
				printf("ERR decode: %zu of %zu octets consumed\n", rv.consumed, n / 2);
			} else {
				asn_enc_rval_t er = uper_encode_to_buffer(td, v, out, sizeof out);
				if (er.encoded < 0) {
					printf("ERR encode: %s\n", er.failed_type ? er.failed_type->name : "?");
				} else {
					size_t k = (er.encoded + 7) / 8;
					if (k == 0)
						out[k++] = 0; /* X.691 11.1: one zero octet */
					fputs("OK ", stdout);
					for (size_t i = 0; i < k; i++)
						printf("%02X", out[i]);
					putchar('\n');
				}
			}
			ASN_STRUCT_FREE(*td, v);
		}
		fflush(stdout);
	}
	return 0;
}
