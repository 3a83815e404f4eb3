#!/bin/sh
# verify.sh checks every message in testdata/per/*.txt with an independent
# PER implementation, Erlang/OTP's asn1ct: it compiles the 3GPP modules in
# $ASN1GEN_CORPUS/modules/telecom, decodes each message with the type its
# block names, re-encodes the value and compares the bytes.
#
#   ASN1GEN_CORPUS=/work/shared/corpus testdata/per/verify.sh [-update]
#
# -update rewrites the "# erlang:" line of every block with the result.
# The compiled modules are cached in $PERVEC_CACHE (default
# ${TMPDIR:-/tmp}/asn1gen-pervec) and rebuilt when a module file is newer.
# Needs erlc and escript (Debian: apt-get install erlang-asn1 erlang-dev).
#
# The compile commands, one per protocol, are (a .set.asn file lists the
# module files that asn1ct compiles together into one Erlang module):
#   NGAP   erlc -bper  NGAP.set.asn   (6 files of 3GPP_NR_NGAP_38413)
#   S1AP   erlc -bper  S1AP.set.asn   (7 files of 3GPP_EUTRAN_S1AP_36413)
#   NR RRC erlc -buper RRC.set.asn    (6 files of 3GPP_NR_RRC_38331)
#   ETSI   erlc -buper ETSI.set.asn   (the 3 files of modules/etsi-its, not
#                                      the corpus's: it has older editions)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
telecom=${ASN1GEN_CORPUS:?set ASN1GEN_CORPUS to the shared corpus}/modules/telecom
cache=${PERVEC_CACHE:-${TMPDIR:-/tmp}/asn1gen-pervec}

# build NAME DIR RULE: compile the modules of DIR into $cache/NAME/NAME.beam.
build() {
	name=$1 dir=$2 rule=$3
	out=$cache/$name
	mkdir -p "$out"
	if [ -f "$out/$name.beam" ] && [ -z "$(find "$dir" -name '*.asn' -newer "$out/$name.beam")" ]; then
		return
	fi
	ls "$dir"/*.asn >"$out/$name.set.asn"
	echo "compiling $name ($rule) into $out" >&2
	start=$(date +%s)
	(cd "$out" && erlc "$rule" "$name.set.asn")
	echo "compiled $name in $(($(date +%s) - start)) s" >&2
}

build NGAP "$telecom/3GPP_NR_NGAP_38413" -bper
build S1AP "$telecom/3GPP_EUTRAN_S1AP_36413" -bper
build RRC "$telecom/3GPP_NR_RRC_38331" -buper
build ETSI "$here/../../modules/etsi-its" -buper

status=0
for pair in ngap.txt:NGAP s1ap.txt:S1AP nr-rrc.txt:RRC etsi-its.txt:ETSI; do
	file=$here/${pair%%:*} mod=${pair##*:}
	[ -f "$file" ] || continue
	escript "$here/verify.escript" "$cache/$mod" "$mod" "$file" "$@" || status=1
done
exit $status
