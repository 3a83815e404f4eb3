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
%% value it decodes its own to. Prints "ok MOD:TYPE N",
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
    case catch lists:sum([check(Port, Arg, M, Type) || _ <- lists:seq(1, Count)]) of
        0 -> io:format("ok ~s ~b~n", [Arg, Count]);
        {'EXIT', {{cannot_draw, _, _, Enc}, _}} ->
            io:format("skip ~s: asn1ct draws no value it encodes in JER: ~0P~n", [Arg, Enc, 12]);
        {'EXIT', Why} -> io:format("FAIL ~s: the driver failed: ~0P~n", [Arg, Why, 30]);
        _ -> ok
    end.

check(Port, Arg, M, Type) ->
    {Value, Json, Dec} = value(M, Type, 20),
    port_command(Port, [Arg, " ", binary:encode_hex(Json), "\n"]),
    case receive_line(Port, []) of
        <<"OK ", Same:4/binary, " ", Hex/binary>> ->
            GoJson = binary:decode_hex(Hex),
            case catch M:decode(Type, GoJson) of
                {ok, Dec} when Same =:= <<"SAME">> -> 0;
                {ok, Dec} -> fail(Arg, "not the same JSON value", Value, Json, GoJson);
                {ok, Other} -> fail(Arg, io_lib:format("asn1ct decodes the Go JSON to ~0P", [Other, 30]), Value, Json, GoJson);
                Err -> fail(Arg, io_lib:format("asn1ct cannot decode the Go JSON: ~0P", [Err, 12]), Value, Json, GoJson)
            end;
        Reply -> fail(Arg, Reply, Value, Json, <<>>)
    end.

%% value draws a value of Type that asn1ct encodes and decodes back.
value(M, Type, Tries) ->
    Value = draw(M, Type),
    Enc = (catch M:encode(Type, Value)),
    Dec = case Enc of
              {ok, B} -> (catch M:decode(Type, B));
              _ -> none
          end,
    case {Enc, Dec} of
        {{ok, Json}, {ok, D}} -> {Value, Json, D};
        _ when Tries > 0 -> value(M, Type, Tries - 1);
        _ -> error({cannot_draw, Type, Value, Enc})
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
        {ok, V} -> V;
        V -> V
    end.

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
