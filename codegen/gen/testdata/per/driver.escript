#!/usr/bin/env escript
%% The Erlang side of the PER interop test of generated code
%% (codegen/gen/per_test.go).
%%
%% Usage: escript driver.escript DIR UPERMOD APERMOD HARNESS COUNT TYPE...
%%
%% DIR holds UPERMOD compiled by erlc -buper and APERMOD (the same module
%% renamed) by erlc -bper; either may be "-", a variant not exchanged.
%% HARNESS is the Go program of the test: on stdin it reads lines
%% "U|A TYPE HEX", decodes HEX with the generated package, encodes the
%% value again and answers "OK HEX TERM" (TERM the value as an
%% Erlang term, '_' for record names) or "ERR message".
%%
%% For COUNT random values of each TYPE (asn1ct:value), in both variants:
%% asn1ct encodes the value, the Go side decodes and re-encodes it, and the
%% bytes must be identical, the Go value must be asn1ct's decoding, and
%% asn1ct must decode the Go encoding. Prints "ok TYPE N" or "FAIL ..."
%% lines, then "done".
-mode(compile).

%%
%% escript driver.escript dump DIR UPERMOD COUNT TYPE... prints instead
%% "TYPE HEX" lines: COUNT values of each TYPE drawn as above, encoded by
%% asn1ct in UNALIGNED PER (the asn1c cross-check, asn1c_test.go).
main(["dump", Dir, UMod, CountS | Types]) ->
    ok = file:set_cwd(Dir),
    true = code:add_patha(Dir),
    rand:seed(exsss, {15, 691, 2026}),
    M = list_to_atom(UMod),
    [begin
         {_, Bin, _} = value(M, list_to_atom(T), 20),
         io:format("~s ~s~n", [T, binary:encode_hex(Bin)])
     end || T <- Types, _ <- lists:seq(1, list_to_integer(CountS))],
    io:format("done~n");
main([Dir, UMod, AMod, Harness, CountS | Types]) ->
    ok = file:set_cwd(Dir),
    true = code:add_patha(Dir),
    rand:seed(exsss, {15, 691, 2026}),
    case os:getenv("ASN1GEN_PER_DRAW") of
        "tables" -> asn1_db:dbstart(["."]); % for draw
        _ -> ok
    end,
    Port = open_port({spawn_executable, Harness}, [{line, 1 bsl 24}, binary, use_stdio, exit_status]),
    Count = list_to_integer(CountS),
    %% A module "-" is a variant not exchanged.
    Variants = [{V, list_to_atom(Mod)} || {V, Mod} <- [{"U", UMod}, {"A", AMod}], Mod =/= "-"],
    [run(Port, T, Count, Variants) || T <- Types],
    port_close(Port),
    io:format("done~n").

%% TYPE=LATER takes the values of LATER, a later version of TYPE with
%% more extension additions: the Go side decodes them as TYPE, keeping the
%% additions it does not know, and must write them back unchanged.
run(Port, Arg, Count, Variants) ->
    {Type, From} = case string:split(Arg, "=") of
                       [T, L] -> {list_to_atom(T), list_to_atom(L)};
                       [T] -> {list_to_atom(T), list_to_atom(T)}
                   end,
    Sum = (catch lists:sum([check(Port, Type, From, V, M) || _ <- lists:seq(1, Count), {V, M} <- Variants])),
    case get_count({redrawn, Type}) of
        0 -> ok;
        K -> io:format("note ~s: ~b values drawn again: asn1ct drew octets that are no encoding of the contained type in an OCTET STRING (CONTAINING ...), or one with padding bits set~n", [Type, K])
    end,
    case Sum of
        0 -> io:format("ok ~s ~b~n", [Type, Count]);
        {'EXIT', {{cannot_draw, _, _, _, _}, _}} -> io:format("skip ~s: asn1ct draws no value it decodes back~n", [Type]);
        {'EXIT', Why} -> io:format("FAIL ~s: the driver failed: ~0P~n", [Type, Why, 30]);
        _ -> ok
    end.

check(Port, Type, From, Variant, M) ->
    check(Port, Type, From, Variant, M, 20).

%% asn1ct (asn1 5.0.21) ignores contents constraints: its parser makes a
%% contentsconstraint term that nothing else reads, so an OCTET STRING
%% (CONTAINING T) is a plain OCTET STRING to it and asn1ct:value draws
%% random octets for it, which are no encoding of T (X.682 11: they must
%% be). The Go side decodes T in such a field and rejects them; a value
%% whose Go error lies inside one of the fields that $PER_CONTAINING
%% names (comma-separated component names) is drawn again, as is one the
%% Go side reads but writes back with other padding bits (padded_contents),
%% and the count of those is printed as a "note" line.
check(Port, Type, From, Variant, M, Tries) ->
    {Value, Bin, Dec} = value(M, From, 20),
    Hex = binary:encode_hex(Bin),
    port_command(Port, [Variant, " ", atom_to_list(Type), " ", Hex, "\n"]),
    Reply = receive_line(Port, []),
    case Tries > 0 andalso (in_containing(Reply) orelse padded_contents(Port, Variant, Type, Bin, Reply)) of
        true ->
            put({redrawn, Type}, get_count({redrawn, Type}) + 1),
            check(Port, Type, From, Variant, M, Tries - 1);
        false ->
            checked(Type, From, Variant, Value, Bin, Dec, Reply)
    end.

%% padded_contents reports whether the Go side read Bin but wrote other
%% bits, which it reads back as the same value: the random octets drawn
%% for an OCTET STRING (CONTAINING T) held an encoding of T whose padding
%% bits (X.691 11.1) were not zero, bits that carry nothing, which the Go
%% side does not keep (runtime/per ignores padding bits): its bits are
%% then Bin's with some cleared (cleared/2). Only for types
%% with such fields ($PER_CONTAINING); such a value is drawn again, as one
%% the Go side rejects.
padded_contents(Port, Variant, Type, Bin, <<"OK ", Rest/binary>>) ->
    [GoHex, TermS] = binary:split(Rest, <<" ">>),
    GoBin = binary:decode_hex(GoHex),
    case os:getenv("PER_CONTAINING", "") =/= "" andalso GoBin =/= Bin andalso cleared(Bin, GoBin) of
        false -> false;
        true ->
            port_command(Port, [Variant, " ", atom_to_list(Type), " ", GoHex, "\n"]),
            case receive_line(Port, []) of
                <<"OK ", Rest2/binary>> ->
                    [GoHex2, TermS2] = binary:split(Rest2, <<" ">>),
                    GoHex2 =:= GoHex andalso TermS2 =:= TermS;
                _ -> false
            end
    end;
padded_contents(_, _, _, _, _) -> false.

%% cleared reports whether GoBin is Bin with some bits cleared: as long,
%% and no bit set that Bin does not set, as writing zero padding bits
%% makes it (a value read otherwise would shift the bits after it).
cleared(Bin, GoBin) when byte_size(Bin) =:= byte_size(GoBin) ->
    N = byte_size(Bin) * 8,
    <<B:N>> = Bin,
    <<G:N>> = GoBin,
    G band B =:= G;
cleared(_, _) -> false.

get_count(K) ->
    case get(K) of
        undefined -> 0;
        N -> N
    end.

%% in_containing reports whether an "ERR decode: asn1: PATH at bit ..."
%% reply has a component of PATH named in $PER_CONTAINING.
in_containing(<<"ERR decode: asn1: ", Rest/binary>>) ->
    Names = string:lexemes(os:getenv("PER_CONTAINING", ""), ","),
    [Path | _] = string:split(binary_to_list(Rest), " at bit "),
    Parts = [hd(string:split(P, "[")) || P <- string:lexemes(Path, ".")],
    lists:any(fun(P) -> lists:member(P, Names) end, Parts);
in_containing(_) -> false.

checked(Type, From, Variant, Value, Bin, Dec, Reply) ->
    case Reply of
        <<"OK ", Rest/binary>> ->
            [GoHex, TermS] = binary:split(Rest, <<" ">>),
            GoBin = binary:decode_hex(GoHex),
            Term = case erl_scan:string(binary_to_list(TermS) ++ ".") of
                       {ok, Toks, _} ->
                           case erl_parse:parse_term(Toks) of
                               {ok, T} -> T;
                               _ -> {unparsed, TermS}
                           end;
                       _ -> {unparsed, TermS}
                   end,
            Same = From =/= Type orelse match(norm(Term), norm(Dec)),
            if
                GoBin =/= Bin ->
                    fail(Type, Variant, "re-encoding differs", Value, Bin, GoBin);
                not Same ->
                    fail(Type, Variant, io_lib:format("decoded ~w, asn1ct ~w", [Term, Dec]), Value, Bin, GoBin);
                true ->
                    0
            end;
        _ ->
            fail(Type, Variant, Reply, Value, Bin, <<>>)
    end.

%% value draws a value that asn1ct encodes and decodes back, with its
%% encoding and asn1ct's decoding. asn1ct (asn1 5.0.21) gets extension
%% addition groups wrong when another addition follows a group with an
%% OPTIONAL member present: it fails to encode some such values and
%% encodes others into bytes it cannot decode itself (NR RRC's
%% RLC-BearerConfig); those are drawn again.
value(M, Type, Tries) ->
    Value = case drawn(M, Type) of
                {ok, V0} -> V0;
                none -> draw(M, Type)
            end,
    Enc = (catch M:encode(Type, Value)),
    Dec = case Enc of
              {ok, B} -> (catch M:decode(Type, B));
              _ -> none
          end,
    case {Enc, Dec} of
        {{ok, Bin}, {ok, D}} -> {Value, Bin, D};
        _ when Tries > 0 -> value(M, Type, Tries - 1);
        _ -> error({cannot_draw, Type, Value, Enc, Dec})
    end.

fail(Type, Variant, What, Value, Bin, GoBin) ->
    io:format("FAIL ~s ~s: ~s; asn1ct ~s; go ~s; value ~w~n",
              [Type, Variant, What, binary:encode_hex(Bin), binary:encode_hex(GoBin), Value]),
    1.

receive_line(Port, Acc) ->
    receive
        {Port, {data, {eol, L}}} -> iolist_to_binary(lists:reverse([L | Acc]));
        {Port, {data, {noeol, L}}} -> receive_line(Port, [L | Acc]);
        {Port, {exit_status, S}} -> iolist_to_binary(io_lib:format("harness exited ~b", [S]))
    after 60000 -> <<"harness timeout">>
    end.

%% norm makes the Go side's terms and asn1ct's comparable: octets and
%% character strings (a binary, a list of characters, BMP/Universal
%% characters as {Group,Plane,Row,Cell}) become {s, Codes}.
norm(B) when is_binary(B) -> {s, binary_to_list(B)};
norm(L) when is_list(L) ->
    case lists:all(fun is_char/1, L) of
        true -> {s, [code(C) || C <- L]};
        false -> [norm(X) || X <- L]
    end;
norm(T) when is_tuple(T) -> list_to_tuple([norm(X) || X <- tuple_to_list(T)]);
norm(X) -> X.

is_char(C) when is_integer(C) -> true;
is_char({A, B, C, D}) -> is_integer(A) andalso is_integer(B) andalso is_integer(C) andalso is_integer(D);
is_char(_) -> false.

code({A, B, C, D}) -> ((A * 256 + B) * 256 + C) * 256 + D;
code(C) -> C.

%% match compares, '_' in the Go term matching any atom (record names).
match('_', B) when is_atom(B) -> true;
match(A, B) when is_tuple(A), is_tuple(B), tuple_size(A) =:= tuple_size(B) ->
    match(tuple_to_list(A), tuple_to_list(B));
match([A | As], [B | Bs]) -> match(A, B) andalso match(As, Bs);
match(A, B) -> A =:= B.

%% draw returns a random value of Type: asn1ct:value's, or with
%% ASN1GEN_PER_DRAW=tables this script's own (tv), which asn1ct:value is
%% not for open types with tables: it draws the id, the criticality and
%% the value of a 3GPP IE field independently (and fails on the
%% ENUMERATED of a class field). tv draws an object of the table's object
%% set and takes the fields the component relations name from it.
draw(M, Type) ->
    case os:getenv("ASN1GEN_PER_DRAW") of
        "tables" ->
            ok = asn1_db:dbload(M),
            put(erlmod, M),
            tv(M, asn1_db:dbget(M, Type), 0);
        _ ->
            case asn1ct:value(M, Type) of
                {ok, V} -> V;
                V -> V
            end
    end.

tv(M, {typedef, _, _, _, Type}, D) -> tv(M, Type, D);
tv(M, {type, _, Def, C, _, _}, D) -> tdef(M, Def, C, D).

tdef(_, {'Externaltypereference', _, Mod, T}, _, D) ->
    {DbMod, Def} = typedef(Mod, T),
    tv(DbMod, Def, D + 1);
tdef(_, 'INTEGER', C, _) -> int(C);
tdef(_, {'INTEGER', _}, C, _) -> int(C);
tdef(_, 'BOOLEAN', _, _) -> rand:uniform(2) =:= 1;
tdef(_, 'NULL', _, _) -> 'NULL';
tdef(_, {'ENUMERATED', {Root, _}}, _, _) -> pick([N || {N, _} <- Root]);
tdef(_, {'ENUMERATED', Root}, _, _) -> pick([N || {N, _} <- Root]);
tdef(_, 'OCTET STRING', C, D) ->
    case lists:keyfind(contentsconstraint, 1, C) of
        {contentsconstraint, {type, _, {'Externaltypereference', _, Mod, T}, _, _, _}, _} ->
            %% OCTET STRING (CONTAINING T): asn1ct holds the octets, the
            %% encoding of a value of T (which the Go side decodes).
            {DbMod, Def} = typedef(Mod, T),
            {ok, B} = (get(erlmod)):encode(T, tv(DbMod, Def, D + 1)),
            B;
        {contentsconstraint, _, _} -> throw(nodraw); % of a type without a name
        false -> list_to_binary([rand:uniform(256) - 1 || _ <- lists:seq(1, draw_size(C))])
    end;
tdef(_, {'BIT STRING', _}, C, _) ->
    N = draw_size(C),
    << <<(rand:uniform(2) - 1):1>> || _ <- lists:seq(1, N) >>;
tdef(_, 'OBJECT IDENTIFIER', _, _) -> {1, 2, rand:uniform(100)};
tdef(_, 'UTF8String', C, _) -> list_to_binary([pick("abcxyz") || _ <- lists:seq(1, draw_size(C))]);
tdef(_, 'NumericString', C, _) -> [pick("0123456789") || _ <- lists:seq(1, draw_size(C))];
tdef(_, S, C, _) when S =:= 'PrintableString'; S =:= 'IA5String'; S =:= 'VisibleString' ->
    [pick("ab1 .Z") || _ <- lists:seq(1, draw_size(C))];
tdef(M, {'SEQUENCE OF', E}, C, D) -> [tv(M, E, D + 1) || _ <- lists:seq(1, draw_size(C))];
tdef(M, {'SET OF', E}, C, D) -> [tv(M, E, D + 1) || _ <- lists:seq(1, draw_size(C))];
tdef(M, {'CHOICE', {Root, _}}, C, D) -> tdef(M, {'CHOICE', Root}, C, D);
tdef(M, {'CHOICE', Alts}, _, D) ->
    %% Deep down, the first alternative: recursion ends. An alternative
    %% of which no value can be drawn (a container over an empty object
    %% set) is passed over.
    Order = case D > 8 of
                true -> Alts;
                false -> shuffle(Alts)
            end,
    alternative(M, [A || A <- Order, element(1, A) =:= 'ComponentType'], D);
tdef(M, Seq, _, D) when element(1, Seq) =:= 'SEQUENCE'; element(1, Seq) =:= 'SET' ->
    Comps = element(tuple_size(Seq), Seq),
    Table = case element(3, Seq) of
                {simpletableattributes, {SMod, Set}, _, _, _, _, _} -> {SMod, Set};
                _ -> none
            end,
    Vals = components(M, Comps, Table, D, 10),
    Rec = case element(2, Seq) of
              N when is_atom(N), N =/= false -> N;
              _ -> r
          end,
    list_to_tuple([Rec | Vals]).

%% components draws the components of a SEQUENCE, with an object of its
%% table if it has one: another object when one lacks a field a
%% component relation names (an OPTIONAL &SuccessfulOutcome).
components(M, Comps, none, D, _) -> [component(M, C, none, D) || C <- flat(Comps)];
components(_, _, _, _, 0) -> throw(nodraw);
components(M, Comps, {SMod, Set} = Table, D, Tries) ->
    Obj = object(SMod, Set),
    try
        [component(M, C, Obj, D) || C <- flat(Comps)]
    catch
        throw:nofield -> components(M, Comps, Table, D, Tries - 1)
    end.

%% typedef returns the definition of Mod.T: in Mod's database, or, for the
%% modules erlc compiled together from a .set.asn, in the one of the
%% Erlang module drawn for.
typedef(Mod, T) ->
    case asn1_db:dbload(Mod) of
        ok -> {Mod, asn1_db:dbget(Mod, T)};
        _ -> {get(erlmod), asn1_db:dbget(get(erlmod), T)}
    end.

%% flat lists a SEQUENCE's components, root and additions, in order; the
%% additions are absent (drawn as asn1_NOVALUE by component).
flat({R, E}) -> flat(R) ++ [ext(X) || X <- flat(E)];
flat({R1, E, R2}) -> flat(R1) ++ [ext(X) || X <- flat(E)] ++ flat(R2);
flat(L) when is_list(L) -> [X || X <- L, element(1, X) =:= 'ComponentType'].

ext(C) -> {ext, C}.

alternative(_, [], _) -> throw(nodraw);
alternative(M, [{'ComponentType', _, Name, T, _, _, _} | Rest], D) ->
    try
        {Name, tv(M, T, D + 1)}
    catch
        throw:nodraw -> alternative(M, Rest, D)
    end.

shuffle(L) -> [X || {_, X} <- lists:sort([{rand:uniform(), X} || X <- L])].

component(_, {ext, _}, _, _) -> asn1_NOVALUE;
component(M, {'ComponentType', _, _, T, Prop, _, _}, Obj, D) ->
    Absent = Prop =/= mandatory andalso (D > 4 orelse rand:uniform(2) =:= 1),
    case Absent of
        true -> asn1_NOVALUE;
        false when Prop =:= mandatory -> related(M, T, Obj, D);
        false ->
            try
                related(M, T, Obj, D)
            catch
                throw:nodraw -> asn1_NOVALUE
            end
    end.

%% related draws a component: the key of the table and the fields its
%% component relation names come from the drawn object.
related(M, {type, _, {'SEQUENCE OF', E}, C, _, _}, {_, _} = Obj, D) ->
    [related(M, E, Obj, D) || _ <- lists:seq(1, draw_size(C))];
related(M, {type, _, Def, C, _, _} = T, {Key, Fields} = Obj, D) ->
    case {lists:keyfind(simpletable, 1, C), lists:keyfind(componentrelation, 1, C), Def} of
        {{simpletable, _}, _, _} -> Key;
        {_, {componentrelation, _, _}, {'ObjectClassFieldType', _, _, _, {typefield, F}}} ->
            case lists:keyfind(F, 1, Fields) of
                {F, FT} -> tv(objmod(M, FT), objtype(FT), D + 1);
                false -> throw(nofield)
            end;
        {_, {componentrelation, _, _}, _} ->
            {ocft, {'ObjectClassFieldType', _, _, {F, _}, _}} = lists:keyfind(ocft, 1, C),
            case lists:keyfind(F, 1, Fields) of
                {F, V} -> value(V);
                false -> tdef(M, Def, C, D + 1) %% a DEFAULT field the object leaves out
            end;
        _ ->
            _ = Obj,
            tv(M, T, D + 1)
    end;
related(M, {type, _, _, C, _, _} = T, none, D) ->
    case lists:keyfind(simpletable, 1, C) of
        false -> tv(M, T, D + 1);
        _ -> throw(nodraw) % the key of an empty object set
    end.

objmod(_, {'Externaltypereference', _, Mod, _}) -> Mod;
objmod(M, _) -> M.
objtype({typedef, _, _, _, T}) -> T;
objtype(T) -> {type, [], T, [], [], no}.

value({valuedef, _, _, _, _, V, _}) -> V;
value(V) -> V.

%% object draws an object of the set Set: {key value, fields}.
object(Mod, Set) ->
    ok = asn1_db:dbload(Mod),
    {typedef, _, _, _, {'ObjectSet', _, _, Unique, Objs}} = asn1_db:dbget(Mod, Set),
    case [Fs || {_, _, Fs} <- Objs] of
        [] -> none;
        Os ->
            Fs = pick(Os),
            {Unique, KV} = lists:keyfind(Unique, 1, Fs),
            {value(KV), Fs}
    end.

int(C) ->
    case range(C) of
        {Lb, Ub} when is_integer(Lb), is_integer(Ub) -> Lb + rand:uniform(min(Ub - Lb, 1000) + 1) - 1;
        {Lb, _} when is_integer(Lb) -> Lb + rand:uniform(1000) - 1;
        _ -> rand:uniform(2000) - 1000
    end.

range(C) ->
    case find('ValueRange', C) ++ [{V, V} || {'SingleValue', V} <- find('SingleValue', C), is_integer(V)] of
        [{{_, _} = R, _} | _] -> R;
        [R | _] -> R;
        [] -> none
    end.

%% find returns the arguments of the constraints named K anywhere in C.
find(K, {K, X}) -> [X];
find(K, T) when is_tuple(T) -> find(K, tuple_to_list(T));
find(K, L) when is_list(L) -> lists:append([find(K, X) || X <- L]);
find(_, _) -> [].

%% draw_size draws a size of a SIZE constraint, at most 3 above its lower bound.
draw_size(C) ->
    {Lb, Ub} = case find('SizeConstraint', C) of
                   [{{L, U}, _} | _] -> {L, U};
                   [{L, U} | _] -> {L, U};
                   [N | _] when is_integer(N) -> {N, N};
                   [] -> {0, 3}
               end,
    Hi = case Ub of
             'MAX' -> Lb + 3;
             _ -> min(Ub, Lb + 3)
         end,
    Lb + rand:uniform(Hi - Lb + 1) - 1.

pick(L) -> lists:nth(rand:uniform(length(L)), L).

%% drawn draws the values of the types of PerTest.asn whose asn1ct:value
%% draws are not what a canonical encoder takes: REALs (asn1ct draws base
%% 10 strings such as "123.E10", which the Go side holds as float64 and
%% writes back in base 2) as {Mantissa, 2, Exponent} with an odd mantissa
%% and a normal float64 value, and UTCTime and GeneralizedTime (asn1ct
%% draws "97100211-0500") in the DER form. asn1ct encodes no REAL zero,
%% infinity nor NaN in PER: those are left out (runtime/per tests them).
drawn(M, 'Contained') ->
    %% The strings of Contained (and BitsContained) hold the encoding of
    %% a Pair (in M's variant): asn1ct draws random octets (bits) of any
    %% size for them.
    Ext = case rand:uniform(2) of
              1 -> asn1_NOVALUE;
              2 -> pair(M)
          end,
    {ok, {'Contained', pair(M), pair(M), Ext, pair(M)}};
drawn(M, 'BitsContained') ->
    Plain = case rand:uniform(2) of
                1 -> asn1_NOVALUE;
                2 -> pair(M)
            end,
    {ok, {'BitsContained', pair(M), pair(M), Plain}};
drawn(_, Type) -> drawn(Type).

pair(M) ->
    {ok, B} = M:encode('Pair', {'Pair', rand:uniform(256) - 1, rand:uniform(256) - 1}),
    B.

drawn('Real') -> {ok, real()};
drawn('Reals') -> {ok, [real() || _ <- lists:seq(1, rand:uniform(5) - 1)]};
drawn('Times') ->
    D = case rand:uniform(2) of
            1 -> asn1_NOVALUE;
            2 -> "Dummy ObjectDescriptor"
        end,
    {ok, {'Times', utc_time(), generalized_time(), D}};
drawn(_) -> none.

real() ->
    {M0, E0} = case rand:uniform(4) of
                   1 -> lists:nth(rand:uniform(4), [{1, 0}, {3, -1}, {1, 1000}, {-1, 0}]);
                   _ ->
                       M = rand:uniform(1 bsl 53 - 1) bor 1,
                       L = bit_len(M),
                       %% normal: 2^-1022 =< M * 2^E < 2^1024
                       {M, -1022 - L + 1 + rand:uniform(2046) - 1}
               end,
    case rand:uniform(2) of
        1 -> {M0, 2, E0};
        2 -> {-M0, 2, E0}
    end.

bit_len(0) -> 0;
bit_len(M) -> 1 + bit_len(M bsr 1).

utc_time() ->
    {Y, Mo, D, H, Mi, S} = civil(1950 + rand:uniform(100) - 1),
    lists:flatten(io_lib:format("~2..0b~2..0b~2..0b~2..0b~2..0b~2..0bZ", [Y rem 100, Mo, D, H, Mi, S])).

generalized_time() ->
    {Y, Mo, D, H, Mi, S} = civil(rand:uniform(9999)),
    F = case rand:uniform(3) of
            1 -> "";
            _ -> "." ++ string:trim(integer_to_list(rand:uniform(999999999)), trailing, "0")
        end,
    lists:flatten(io_lib:format("~4..0b~2..0b~2..0b~2..0b~2..0b~2..0b~sZ", [Y, Mo, D, H, Mi, S, F])).

civil(Y) ->
    Mo = rand:uniform(12),
    {Y, Mo, rand:uniform(calendar:last_day_of_the_month(Y, Mo)), rand:uniform(24) - 1, rand:uniform(60) - 1, rand:uniform(60) - 1}.
