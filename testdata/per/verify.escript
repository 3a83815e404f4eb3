#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noinput
%%
%% verify.escript MODULE_DIR MODULE FILE [-update]
%%
%% Decodes every message in FILE (the testdata/per/*.txt format: blocks of
%% "# key: value" lines and one hex line, separated by blank lines) with the
%% asn1ct-generated Erlang module MODULE (compiled by verify.sh into
%% MODULE_DIR), re-encodes the value and reports whether the bytes are
%% identical. With -update, the "# erlang:" line of every block is rewritten
%% with the result. Run it through verify.sh, which compiles the modules.

main([Dir, ModS, File | Opts]) ->
    true = code:add_patha(Dir),
    Mod = list_to_atom(ModS),
    {module, Mod} = code:ensure_loaded(Mod),
    Rule = Mod:encoding_rule(),
    {ok, Text} = file:read_file(File),
    Blocks = blocks(string:split(binary_to_list(Text), "\n", all)),
    {Out, Counts} = lists:mapfoldl(fun(B, Acc) -> check(Mod, Rule, B, Acc) end,
                                   #{}, Blocks),
    case Opts of
        ["-update"] ->
            ok = file:write_file(File, unlines(lists:join([""], Out)));
        [] ->
            ok
    end,
    io:format("~s: ~p~n", [File, maps:to_list(Counts)]),
    case maps:is_key(bad, Counts) of
        true -> halt(1);
        false -> halt(0)
    end;
main(_) ->
    io:format("usage: verify.escript MODULE_DIR MODULE FILE [-update]~n"),
    halt(2).

%% blocks splits the lines into runs of non-blank lines (a trailing newline
%% gives one empty last line, which is dropped).
blocks(Lines) ->
    Runs = lists:foldr(fun("", [[] | _] = Acc) -> Acc;
                          ("", Acc) -> [[] | Acc];
                          (L, [Run | Acc]) -> [[L | Run] | Acc]
                       end, [[]], Lines),
    [R || R <- Runs, R =/= []].

check(Mod, Rule, Lines, Counts) ->
    Hex = [L || L <- Lines, L =/= [], hd(L) =/= $#],
    case Hex of
        [] ->
            {Lines, Counts};            % a comment-only block
        [H] ->
            Type = list_to_atom(header(Lines, "type")),
            Variant = header(Lines, "variant"),
            Result = result(Mod, Rule, Type, Variant, H),
            Name = header(Lines, "message"),
            io:format("~-40s ~s~n", [Name, Result]),
            Kind = case Result of
                       "decodes, re-encodes identical" -> identical;
                       "decodes, re-encodes differs" ++ _ -> differs;
                       _ -> bad
                   end,
            {set_erlang(Lines, Result), maps:update_with(Kind, fun(N) -> N + 1 end, 1, Counts)}
    end.

result(Mod, Rule, Type, Variant, Hex) ->
    Want = case Rule of per -> "aper"; uper -> "uper" end,
    case Variant of
        Want ->
            Bin = binary:decode_hex(list_to_binary(Hex)),
            case catch Mod:decode(Type, Bin) of
                {ok, Val} ->
                    case catch Mod:encode(Type, Val) of
                        {ok, Bin} ->
                            "decodes, re-encodes identical";
                        {ok, Other} ->
                            lists:flatten(io_lib:format(
                              "decodes, re-encodes differs (~B bytes in, ~B out, first difference at byte ~B)",
                              [byte_size(Bin), byte_size(Other), first_diff(Bin, Other, 0)]));
                        Err ->
                            "fails: re-encoding: " ++ oneline(Err)
                    end;
                Err ->
                    "fails: " ++ oneline(Err)
            end;
        _ ->
            "fails: variant " ++ Variant ++ " but the module is compiled for " ++ Want
    end.

first_diff(<<A, RA/binary>>, <<A, RB/binary>>, N) -> first_diff(RA, RB, N + 1);
first_diff(_, _, N) -> N.

oneline(Term) ->
    S = lists:flatten(io_lib:format("~0P", [Term, 12])),
    string:slice(S, 0, 300).

header(Lines, Key) ->
    Prefix = "# " ++ Key ++ ":",
    case [string:trim(string:prefix(L, Prefix)) || L <- Lines, string:prefix(L, Prefix) =/= nomatch] of
        [V | _] -> V;
        [] -> ""
    end.

%% set_erlang replaces the "# erlang:" line, or adds one before the hex line.
set_erlang(Lines, Result) ->
    New = "# erlang: " ++ Result,
    Kept = [L || L <- Lines, string:prefix(L, "# erlang:") =:= nomatch],
    {Head, Tail} = lists:splitwith(fun(L) -> L =:= [] orelse hd(L) =:= $# end, Kept),
    Head ++ [New] ++ Tail.

unlines(Blocks) ->
    lists:flatten([[L, "\n"] || L <- lists:append(Blocks)]).
