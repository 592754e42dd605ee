package a

// MarkedInTest exists only in the test variant of a.
func MarkedInTest() {}
