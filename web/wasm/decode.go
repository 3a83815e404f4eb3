//go:build js && wasm && !playgroundgen

package main

import (
	"fmt"
	"syscall/js"
)

// register adds decode, the function of asn1gen.wasm.
func register(api js.Value) {
	api.Set("decode", js.FuncOf(func(_ js.Value, args []js.Value) any {
		data := make([]byte, args[2].Get("length").Int())
		js.CopyBytesToGo(data, args[2])
		return decode(args[0].String(), args[1].String(), data)
	}))
}

func decode(typ, encoding string, data []byte) string {
	return call(func() (any, error) {
		if compiled == nil {
			return nil, fmt.Errorf("no modules compiled")
		}
		return compiled.DecodeCompact(typ, encoding, data)
	})
}
