#!/usr/bin/env escript
%% -*- erlang -*-
%%
%% asn1ct-bench.escript MODULE_DIR MODULE TYPE
%%
%% Times the decode of PER messages by MODULE, an asn1ct-generated Erlang
%% module compiled into MODULE_DIR, for bench/compare's BenchmarkPER (its
%% member "erlang"), which starts it once and talks to it over standard
%% input and output:
%%
%%   in:  the messages, one line of hex each, then an empty line
%%   out: "ok K" once every one of the K messages decodes as TYPE, or
%%        "error I REASON" for the first one (counted from 0) that does not
%%   in:  N, a line with a count, as often as the benchmark asks
%%   out: one line of K numbers: for each message, the nanoseconds of its
%%        N decodes
%%
%% Each of the N rounds decodes every message once, in order, and each
%% decode is timed on its own (the Go members are timed the same way), so
%% that the per-message times and their geometric mean are comparable.
%% The escript is compiled (not interpreted), as the Go loop is.

-mode(compile).

main([Dir, ModS, TypeS]) ->
    true = code:add_patha(Dir),
    Mod = list_to_atom(ModS),
    {module, Mod} = code:ensure_loaded(Mod),
    Type = list_to_atom(TypeS),
    Msgs = read_messages([]),
    case check(Mod, Type, Msgs, 0) of
        ok ->
            io:format("ok ~B~n", [length(Msgs)]),
            serve(Mod, Type, Msgs);
        {error, I, Reason} ->
            io:format("error ~B ~0P~n", [I, Reason, 12]),
            halt(1)
    end;
main(_) ->
    io:format(standard_error, "usage: asn1ct-bench.escript MODULE_DIR MODULE TYPE~n", []),
    halt(2).

read_messages(Acc) ->
    case io:get_line("") of
        eof -> lists:reverse(Acc);
        Line ->
            case string:trim(Line) of
                "" -> lists:reverse(Acc);
                Hex -> read_messages([binary:decode_hex(list_to_binary(Hex)) | Acc])
            end
    end.

check(_, _, [], _) -> ok;
check(Mod, Type, [M | Ms], I) ->
    case catch Mod:decode(Type, M) of
        {ok, _} -> check(Mod, Type, Ms, I + 1);
        Err -> {error, I, Err}
    end.

%% serve answers each count N with the time of N rounds, until the input
%% ends.
serve(Mod, Type, Msgs) ->
    case io:get_line("") of
        eof -> halt(0);
        Line ->
            N = list_to_integer(string:trim(Line)),
            Totals = rounds(N, Mod, Type, Msgs, [0 || _ <- Msgs]),
            Ns = [erlang:convert_time_unit(T, native, nanosecond) || T <- Totals],
            io:format("~s~n", [lists:join(" ", [integer_to_list(T) || T <- Ns])]),
            serve(Mod, Type, Msgs)
    end.

rounds(0, _, _, _, Totals) -> Totals;
rounds(N, Mod, Type, Msgs, Totals) ->
    rounds(N - 1, Mod, Type, Msgs, one_round(Mod, Type, Msgs, Totals)).

%% one_round decodes each message once, adding its time to its total.
one_round(Mod, Type, [M | Ms], [T | Ts]) ->
    T0 = erlang:monotonic_time(),
    {ok, _} = Mod:decode(Type, M),
    T1 = erlang:monotonic_time(),
    [T + (T1 - T0) | one_round(Mod, Type, Ms, Ts)];
one_round(_, _, [], []) -> [].
