package compact

type ID struct{ b [16]byte }
