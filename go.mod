module github.com/afb7af96/uuid

// go 1.24: the oldest Go the library supports (encoding.TextAppender,
// a crypto/rand.Read that cannot fail, testing.B.Loop). The other modules
// of this repository say why theirs is higher.
go 1.24
