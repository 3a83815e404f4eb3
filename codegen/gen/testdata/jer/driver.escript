#!/usr/bin/env escript
%% The Erlang side of the JER interop test of generated code
%% (codegen/gen/jer_test.go).
%%
%% Usage: escript driver.escript DIR HARNESS COUNT MOD:TYPE...
%%
%% DIR holds each ASN.1 module MOD compiled by erlc -bjer (as the Erlang
%% module MOD) and jsx (testdata/jer/jsx.erl, the JSON codec asn1ct's JER
%% code calls). HARNESS is the Go program of the test: on stdin it reads
%% lines "MOD:TYPE HEX", HEX the JSON text of a value, decodes it with the
%% generated package (UnmarshalJSON), encodes the value again
%% (MarshalJSON; with OER, also the OER round trip of the value) and
%% answers "OK SAME HEX" or "OK DIFF HEX" (whether the two JSON texts are
%% the same JSON value, a DEFAULT component left out aside) or
%% "ERR message".
%%
%% For COUNT random values of each TYPE (asn1ct:value): asn1ct encodes
%% the value, the Go side decodes and re-encodes it, the two JSON texts
%% must be the same JSON value, and asn1ct must decode the Go text to the
%% value it decodes its own to. Prints "ok MOD:TYPE N MSms",
%% "skip MOD:TYPE: why" or "FAIL ..." lines, then "done".
-mode(compile).

main([Dir, Harness, CountS | Types]) ->
    ok = file:set_cwd(Dir),
    true = code:add_patha(Dir),
    rand:seed(exsss, {15, 697, 2026}),
    Port = open_port({spawn_executable, Harness}, [{line, 1 bsl 24}, binary, use_stdio, exit_status]),
    [run(Port, T, list_to_integer(CountS)) || T <- Types],
    port_close(Port),
    io:format("done~n").

run(Port, Arg, Count) ->
    [Mod, T] = string:split(Arg, ":"),
    M = list_to_atom(Mod),
    Type = list_to_atom(T),
    T0 = erlang:monotonic_time(millisecond),
    case catch lists:sum([check(Port, Arg, M, Type) || _ <- lists:seq(1, Count)]) of
        0 -> io:format("ok ~s ~b ~bms~n", [Arg, Count, erlang:monotonic_time(millisecond) - T0]);
        {'EXIT', {{cannot_draw, _, _, too_big}, _}} ->
            io:format("skip ~s: asn1ct draws values too big to exchange~n", [Arg]);
        {'EXIT', {{cannot_draw, _, _, Enc}, _}} ->
            io:format("skip ~s: asn1ct draws no value it encodes in JER: ~0P~n", [Arg, Enc, 12]);
        {'EXIT', Why} -> io:format("FAIL ~s: the driver failed: ~0P~n", [Arg, Why, 30]);
        _ -> ok
    end.

check(Port, Arg, M, Type) -> check(Port, Arg, M, Type, 50).

%% The Go side answers REDRAW to a value outside a constraint that
%% asn1ct:value ignores and asn1ct's JER encoder does not check (the SIZE
%% of a UTF8String): check draws another, Redraws times at most.
check(Port, Arg, M, Type, Redraws) ->
    {Value, Json, Dec} = value(M, Type, 20),
    port_command(Port, [Arg, " ", binary:encode_hex(Json), "\n"]),
    case receive_line(Port, []) of
        <<"REDRAW ", _/binary>> when Redraws > 0 -> check(Port, Arg, M, Type, Redraws - 1);
        <<"OK ", Same:4/binary, " ", Hex/binary>> ->
            GoJson = binary:decode_hex(Hex),
            case catch M:decode(Type, GoJson) of
                {ok, Dec} when Same =:= <<"SAME">> -> 0;
                {ok, Dec} -> fail(Arg, "not the same JSON value", Value, Json, GoJson);
                {ok, Other} ->
                    case same_value(M, Type, Other, Dec) of
                        true when Same =:= <<"SAME">> -> 0;
                        true -> fail(Arg, "not the same JSON value", Value, Json, GoJson);
                        false -> fail(Arg, io_lib:format("asn1ct decodes the Go JSON to ~0P", [Other, 30]), Value, Json, GoJson)
                    end;
                Err -> fail(Arg, io_lib:format("asn1ct cannot decode the Go JSON: ~0P", [Err, 12]), Value, Json, GoJson)
            end;
        Reply -> fail(Arg, Reply, Value, Json, <<>>)
    end.

%% same_value reports whether asn1ct encodes the terms A and B of Type
%% to the same JSON text: asn1ct decodes an INTEGER with named numbers to
%% the name when the text has the number and to the number when it fills
%% in a DEFAULT component the text leaves out, which are one value.
same_value(M, Type, A, B) ->
    case {catch M:encode(Type, A), catch M:encode(Type, B)} of
        {{ok, X}, {ok, X}} -> true;
        _ -> false
    end.

%% value draws a value of Type that asn1ct encodes and decodes back.
value(M, Type, Tries) ->
    R = bounded(fun() ->
                        Value = draw(M, Type),
                        Enc = (catch M:encode(Type, Value)),
                        Dec = case Enc of
                                  {ok, B} when byte_size(B) > 1 bsl 16 -> too_big;
                                  {ok, B} -> (catch M:decode(Type, B));
                                  _ -> none
                              end,
                        {Value, Enc, Dec}
                end),
    case R of
        {Value, {ok, Json}, {ok, D}} -> {Value, Json, D};
        {_, _, too_big} when Tries >= 20 -> value(M, Type, Tries - 20);
        {_, _, too_big} -> error({cannot_draw, Type, none, too_big});
        too_big when Tries >= 20 -> value(M, Type, Tries - 20);
        too_big -> error({cannot_draw, Type, none, too_big});
        _ when Tries > 0 -> value(M, Type, Tries - 1);
        {Value, Enc, _} -> error({cannot_draw, Type, Value, Enc})
    end.

%% bounded returns what F returns, run in a process of its own with at
%% most 8 MB of heap (1M words), or too_big (also after 30 s, a guard):
%% asn1ct:value draws the lists of a recursive type (X.500's Filter,
%% Criteria) without bound; value takes a JSON text over 64 KB as too
%% big too. The random state goes to the process and
%% back, so that the draws are the same from run to run.
bounded(F) ->
    Seed = rand:export_seed(),
    {Pid, Ref} = spawn_monitor(fun() ->
                                       process_flag(max_heap_size, #{size => 1 bsl 20, kill => true, error_logger => false}),
                                       rand:seed(Seed),
                                       R = F(),
                                       exit({done, R, rand:export_seed()})
                               end),
    receive
        {'DOWN', Ref, process, Pid, {done, R, After}} ->
            rand:seed(After),
            R;
        {'DOWN', Ref, process, Pid, _} ->
            rand:jump(),
            too_big
    after 30000 ->
            exit(Pid, kill),
            receive {'DOWN', Ref, process, Pid, _} -> ok end,
            rand:jump(),
            too_big
    end.

%% draw is asn1ct:value, but for the time types, whose random strings
%% are no times.
draw(_, 'Times') ->
    D = case rand:uniform(2) of
            1 -> asn1_NOVALUE;
            2 -> "Dummy ObjectDescriptor"
        end,
    {'Times', time(2, "Z"), time(4, "Z"), D};
draw(M, Type) ->
    case asn1ct:value(M, Type) of
        {ok, V} -> times(V);
        V -> times(V)
    end.

%% times replaces the strings asn1ct:value draws for every UTCTime
%% ("97100211-0500", no minutes) and GeneralizedTime ("19971002103130.5",
%% local time) with random times in DER's form, which the generated code
%% holds (X.690 11.7, 11.8).
times("97100211-0500") -> time(2, "Z");
times("19971002103130.5") -> time(4, "Z");
times(T) when is_tuple(T) -> list_to_tuple(times(tuple_to_list(T)));
times([H | T]) -> [times(H) | times(T)];
times(V) -> V.

time(YearDigits, Zone) ->
    Y = case YearDigits of
            2 -> rand:uniform(100) - 1;
            4 -> 1950 + rand:uniform(150)
        end,
    lists:flatten(io_lib:format("~*..0b~2..0b~2..0b~2..0b~2..0b~2..0b~s",
                                [YearDigits, Y, rand:uniform(12), rand:uniform(28), rand:uniform(24) - 1,
                                 rand:uniform(60) - 1, rand:uniform(60) - 1, Zone])).

fail(Arg, What, Value, Json, GoJson) ->
    io:format("FAIL ~s: ~s; asn1ct ~s; go ~s; value ~0P~n", [Arg, What, Json, GoJson, Value, 40]),
    1.

receive_line(Port, Acc) ->
    receive
        {Port, {data, {eol, L}}} -> iolist_to_binary(lists:reverse([L | Acc]));
        {Port, {data, {noeol, L}}} -> receive_line(Port, [L | Acc]);
        {Port, {exit_status, S}} -> iolist_to_binary(io_lib:format("harness exited ~b", [S]))
    after 60000 -> <<"harness timeout">>
    end.
