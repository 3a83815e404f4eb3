package gen

import (
	"bytes"
	"strings"
)

// archive is a txtar archive (the format of golang.org/x/tools/txtar,
// which is not a dependency): a comment, then files, each introduced by
// a line "-- name --".
type archive struct {
	comment []byte
	files   []archiveFile
}

type archiveFile struct {
	name string
	data []byte
}

// parseArchive reads a txtar archive. Every file's data ends in a newline
// unless it is empty.
func parseArchive(data []byte) *archive {
	a := &archive{}
	var cur *archiveFile
	var buf []byte
	flush := func() {
		if cur == nil {
			a.comment = buf
		} else {
			cur.data = buf
			a.files = append(a.files, *cur)
		}
		buf = nil
	}
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		if name, ok := markerName(line); ok {
			flush()
			cur = &archiveFile{name: name}
			continue
		}
		buf = append(buf, line...)
		buf = append(buf, '\n')
	}
	flush()
	return a
}

func markerName(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\r")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	return strings.TrimSpace(s[3 : len(s)-3]), true
}

// format writes the archive back.
func (a *archive) format() []byte {
	var b bytes.Buffer
	b.Write(fixNL(a.comment))
	for _, f := range a.files {
		b.WriteString("-- " + f.name + " --\n")
		b.Write(fixNL(f.data))
	}
	return b.Bytes()
}

func fixNL(b []byte) []byte {
	if len(b) == 0 || b[len(b)-1] == '\n' {
		return b
	}
	return append(b[:len(b):len(b)], '\n')
}

// file returns the data of the named file, or nil.
func (a *archive) file(name string) []byte {
	for _, f := range a.files {
		if f.name == name {
			return f.data
		}
	}
	return nil
}
