#!/usr/bin/env escript
%% The Erlang side of package per's interop tests (interop_test.go).
%%
%% Usage: escript peer.escript DIR MODULE, DIR holding MODULE compiled by
%% erlc with -bper (ALIGNED) or -buper (UNALIGNED). Each line of stdin is
%%
%%	TYPE <tab> TERM <tab> HEX
%%
%% a value as an Erlang term and its encoding by package per. The reply,
%% one line, is "ok" when asn1ct's encoding of TERM is HEX and its decoding
%% of HEX equals TERM; otherwise what differs.
main([Dir, Mod]) ->
    true = code:add_patha(Dir),
    M = list_to_atom(Mod),
    {module, M} = code:ensure_loaded(M),
    loop(M).

loop(M) ->
    case io:get_line("") of
        eof -> ok;
        Line ->
            io:put_chars([reply(M, string:trim(Line, trailing, "\n")), $\n]),
            loop(M)
    end.

reply(M, Line) ->
    [TypeS, TermS, HexS] = string:split(Line, "\t", all),
    Type = list_to_atom(TypeS),
    {ok, Toks, _} = erl_scan:string(TermS ++ "."),
    {ok, Term} = erl_parse:parse_term(Toks),
    Bin = binary:decode_hex(list_to_binary(HexS)),
    Enc = case catch M:encode(Type, Term) of
              {ok, E} -> E;
              Other -> {error, Other}
          end,
    Dec = case catch M:decode(Type, Bin) of
              {ok, D} -> D;
              {ok, D, _Rest} -> D;
              Other2 -> {error, Other2}
          end,
    case {Enc =:= Bin, Dec =:= Term} of
        {true, true} -> "ok";
        {EncOK, DecOK} ->
            lists:flatten(io_lib:format("encoding ~s; decoding ~s",
                [if EncOK -> "same"; true -> hexof(Enc) end,
                 if DecOK -> "same"; true -> io_lib:format("~w", [Dec]) end]))
    end.

hexof(B) when is_binary(B) -> binary_to_list(binary:encode_hex(B));
hexof(X) -> io_lib:format("~w", [X]).
