%% The two functions of the jsx JSON library that the JER code of Erlang's
%% asn1ct (asn1 5.0.21, OTP 25) calls, for the JER interop test of
%% generated code (codegen/gen/jer_test.go): OTP 25 has no JSON module,
%% and jsx is not packaged. Written for this test, not taken from jsx.
%%
%% encode/1 takes the terms asn1ct's encoder makes: maps and lists of
%% {Key, Value} for objects, other lists for arrays, binaries for
%% strings, atoms true, false and null, other atoms (identifiers) as
%% strings, integers and floats. decode/2 returns maps with binary keys
%% (asn1ct passes [return_maps]), lists, binaries, numbers and the atoms.
-module(jsx).
-export([encode/1, decode/2]).

encode(T) -> iolist_to_binary(enc(T)).

enc(true) -> <<"true">>;
enc(false) -> <<"false">>;
enc(null) -> <<"null">>;
enc(A) when is_atom(A) -> str(atom_to_binary(A, utf8));
enc(I) when is_integer(I) -> integer_to_binary(I);
enc(F) when is_float(F) -> float_to_binary(F, [short]);
enc(B) when is_binary(B) -> str(B);
enc(M) when is_map(M) -> obj(maps:to_list(M));
enc([{_, _} | _] = L) -> obj(L);
enc(L) when is_list(L) -> [$[, join([enc(X) || X <- L]), $]].

obj(KVs) -> [${, join([[key(K), $:, enc(V)] || {K, V} <- KVs]), $}].

key(K) when is_atom(K) -> str(atom_to_binary(K, utf8));
key(K) when is_binary(K) -> str(K).

join([]) -> [];
join([X | Xs]) -> [X | [[$, | Y] || Y <- Xs]].

str(B) -> [$", [esc(C) || <<C/utf8>> <= B], $"].

esc($") -> <<"\\\"">>;
esc($\\) -> <<"\\\\">>;
esc(C) when C < 16#20 -> io_lib:format("\\u~4.16.0B", [C]);
esc(C) -> <<C/utf8>>.

decode(B, _Opts) ->
    {V, Rest} = val(ws(B)),
    <<>> = ws(Rest),
    V.

ws(<<C, R/binary>>) when C =:= $\s; C =:= $\t; C =:= $\n; C =:= $\r -> ws(R);
ws(B) -> B.

val(<<"true", R/binary>>) -> {true, R};
val(<<"false", R/binary>>) -> {false, R};
val(<<"null", R/binary>>) -> {null, R};
val(<<$", R/binary>>) -> string(R, []);
val(<<${, R/binary>>) -> members(ws(R), #{});
val(<<$[, R/binary>>) -> elems(ws(R), []);
val(B) -> number(B).

members(<<$}, R/binary>>, M) when map_size(M) =:= 0 -> {M, R};
members(<<$", R/binary>>, M) ->
    {K, R1} = string(R, []),
    <<$:, R2/binary>> = ws(R1),
    {V, R3} = val(ws(R2)),
    case ws(R3) of
        <<$,, R4/binary>> -> members(ws(R4), M#{K => V});
        <<$}, R4/binary>> -> {M#{K => V}, R4}
    end.

elems(<<$], R/binary>>, []) -> {[], R};
elems(B, Acc) ->
    {V, R1} = val(B),
    case ws(R1) of
        <<$,, R2/binary>> -> elems(ws(R2), [V | Acc]);
        <<$], R2/binary>> -> {lists:reverse([V | Acc]), R2}
    end.

string(<<$", R/binary>>, Acc) -> {unicode:characters_to_binary(lists:reverse(Acc)), R};
string(<<$\\, $u, H:4/binary, R/binary>>, Acc) ->
    C = binary_to_integer(H, 16),
    case {C >= 16#D800 andalso C < 16#DC00, R} of
        {true, <<$\\, $u, L:4/binary, R2/binary>>} ->
            Lo = binary_to_integer(L, 16),
            string(R2, [16#10000 + ((C - 16#D800) bsl 10) + (Lo - 16#DC00) | Acc]);
        _ -> string(R, [C | Acc])
    end;
string(<<$\\, E, R/binary>>, Acc) ->
    C = case E of
            $b -> $\b; $f -> $\f; $n -> $\n; $r -> $\r; $t -> $\t;
            _ -> E
        end,
    string(R, [C | Acc]);
string(<<C/utf8, R/binary>>, Acc) -> string(R, [C | Acc]).

number(B) ->
    {Text, R} = numchars(B, []),
    case catch binary_to_integer(Text) of
        I when is_integer(I) -> {I, R};
        _ -> {binary_to_float(fix(Text)), R}
    end.

numchars(<<C, R/binary>>, Acc) when C >= $0, C =< $9; C =:= $-; C =:= $+; C =:= $.; C =:= $e; C =:= $E ->
    numchars(R, [C | Acc]);
numchars(R, Acc) -> {list_to_binary(lists:reverse(Acc)), R}.

%% binary_to_float wants a fraction: 1e5 is 1.0e5.
fix(T) ->
    case binary:match(T, <<".">>) of
        nomatch ->
            case binary:split(T, [<<"e">>, <<"E">>]) of
                [M, E] -> <<M/binary, ".0e", E/binary>>;
                [M] -> <<M/binary, ".0">>
            end;
        _ -> T
    end.
