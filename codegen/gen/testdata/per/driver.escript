#!/usr/bin/env escript
%% The Erlang side of the PER interop test of generated code
%% (codegen/gen/per_test.go).
%%
%% Usage: escript driver.escript DIR UPERMOD APERMOD HARNESS COUNT TYPE...
%%
%% DIR holds UPERMOD compiled by erlc -buper and APERMOD (the same module
%% renamed) by erlc -bper. HARNESS is the Go program of the test: on stdin
%% it reads lines "U|A TYPE HEX", decodes HEX with the generated package,
%% encodes the value again and answers "OK HEX TERM" (TERM the value as an
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
    Port = open_port({spawn_executable, Harness}, [{line, 1 bsl 24}, binary, use_stdio, exit_status]),
    Count = list_to_integer(CountS),
    [run(Port, T, Count, [{"U", list_to_atom(UMod)}, {"A", list_to_atom(AMod)}]) || T <- Types],
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
    case catch lists:sum([check(Port, Type, From, V, M) || _ <- lists:seq(1, Count), {V, M} <- Variants]) of
        0 -> io:format("ok ~s ~b~n", [Type, Count]);
        {'EXIT', {{cannot_draw, _, _, _, _}, _}} -> io:format("skip ~s: asn1ct draws no value it decodes back~n", [Type]);
        _ -> ok
    end.

check(Port, Type, From, Variant, M) ->
    {Value, Bin, Dec} = value(M, From, 20),
    Hex = binary:encode_hex(Bin),
    port_command(Port, [Variant, " ", atom_to_list(Type), " ", Hex, "\n"]),
    Reply = receive_line(Port, []),
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
    Value = case drawn(Type) of
                {ok, V0} -> V0;
                none ->
                    case asn1ct:value(M, Type) of
                        {ok, V} -> V;
                        V -> V
                    end
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

%% drawn draws the values of the types of PerTest.asn whose asn1ct:value
%% draws are not what a canonical encoder takes: REALs (asn1ct draws base
%% 10 strings such as "123.E10", which the Go side holds as float64 and
%% writes back in base 2) as {Mantissa, 2, Exponent} with an odd mantissa
%% and a normal float64 value, and UTCTime and GeneralizedTime (asn1ct
%% draws "97100211-0500") in the DER form. asn1ct encodes no REAL zero,
%% infinity nor NaN in PER: those are left out (runtime/per tests them).
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
