package der

import "unsafe"

// MakeSlice returns a slice of n elements for a SEQUENCE OF or SET OF,
// charged to the decode's allocation budget (Options.MaxAlloc), so that
// memory stays linear in the input whatever the element type's size.
//
// Small lists of one element type are cut from chunks: the first holds at
// least minChunk bytes, so that the next few lists of the type take no
// allocation (a certificate's subject after its issuer, their RDNs), and
// each next one twice the last, up to maxChunk bytes (the extensions of the
// entries of a CRL: one allocation per hundreds of entries instead of one
// per entry). A type listed once wastes at most minChunk bytes. The slices
// are capped, so that an append to one does not write into the next.
func MakeSlice[T any](r *Reader, n int) ([]T, error) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if r.s == nil || n == 0 || size == 0 || n*size > maxChunk {
		return makeExact[T](r, n, size)
	}
	for i := range r.s.slabs {
		sl := &r.s.slabs[i]
		if sl.kind == nil {
			// The first list of this type: remember the type, without
			// allocating (a zero-size value in an interface).
			sl.kind = chunkOf[T]{}
		}
		if _, ok := sl.kind.(chunkOf[T]); ok {
			if sl.free >= n {
				s := unsafe.Slice((*T)(sl.next), sl.free)[:n:n]
				if sl.free -= n; sl.free == 0 {
					sl.next = nil // not past the end of the chunk
				} else {
					sl.next = unsafe.Add(sl.next, n*size)
				}
				return s, nil
			}
			c := max(n, min(max(2*sl.chunk, minChunk/size), maxChunk/size))
			chunk, err := makeExact[T](r, c, size)
			if err != nil || c == n {
				return chunk, err
			}
			sl.chunk, sl.free, sl.next = c, c-n, unsafe.Pointer(&chunk[n])
			return chunk[:n:n], nil
		}
	}
	return makeExact[T](r, n, size)
}

// maxChunk is the most bytes a chunk of MakeSlice holds, minChunk the
// fewest (unless one list needs more).
const (
	minChunk = 512
	maxChunk = 64 << 10
)

// backingSlack is the fewest elements MakeBacking's first chunk of a type
// holds beyond its first list.
const backingSlack = 3

// chunkOf[T] marks the slot of element type T in state.slabs.
type chunkOf[T any] struct{}

// slab is the chunk state of one element type: the rest of its current
// chunk, as a pointer so that the state needs no allocation of its own
// (the pointer keeps the chunk alive for the collector).
type slab struct {
	kind  any            // chunkOf[T]{}
	next  unsafe.Pointer // the first free element, nil if none
	free  int            // free elements from next
	chunk int            // elements of the last chunk
}

func makeExact[T any](r *Reader, n, size int) ([]T, error) {
	if err := r.alloc(n * size); err != nil {
		return nil, err
	}
	return make([]T, n), nil
}

// New allocates a value for an optional or recursive component stored
// behind a pointer, charged to the allocation budget (Options.MaxAlloc).
func New[T any](r *Reader) (*T, error) {
	var zero T
	if err := r.alloc(int(unsafe.Sizeof(zero))); err != nil {
		return nil, err
	}
	return new(T), nil
}

// MakeBacking returns n elements for a list of lists (the RDNs of a Name)
// or for the backing array of its inner lists (the attributes of all the
// RDNs, counted by CountNested). It cuts them from the rest of the element
// type's chunk, as MakeSlice; but the lists of lists of a value are few (a
// certificate's issuer and subject, mostly of one shape), so the type's
// first chunk holds room for one more list of lists of the same size, or
// backingSlack elements more (a subject's C, O, CN under an issuer's CN),
// instead of minChunk bytes; and when the rest of a chunk is too small it
// allocates exactly n elements instead of a chunk twice the last.
func MakeBacking[T any](r *Reader, n int) ([]T, error) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if r.s == nil || n == 0 || size == 0 || n*size > maxChunk {
		return makeExact[T](r, n, size)
	}
	for i := range r.s.slabs {
		sl := &r.s.slabs[i]
		if sl.kind == nil {
			sl.kind = chunkOf[T]{}
		} else if _, ok := sl.kind.(chunkOf[T]); !ok {
			continue
		}
		if sl.free >= n {
			s := unsafe.Slice((*T)(sl.next), sl.free)[:n:n]
			if sl.free -= n; sl.free == 0 {
				sl.next = nil // not past the end of the chunk
			} else {
				sl.next = unsafe.Add(sl.next, n*size)
			}
			return s, nil
		}
		if sl.chunk != 0 {
			return makeExact[T](r, n, size)
		}
		c := max(n, min(n+max(n, backingSlack), maxChunk/size))
		chunk, err := makeExact[T](r, c, size)
		if err != nil || c == n {
			return chunk, err
		}
		sl.chunk, sl.free, sl.next = c, c-n, unsafe.Pointer(&chunk[n])
		return chunk[:n:n], nil
	}
	return makeExact[T](r, n, size)
}
