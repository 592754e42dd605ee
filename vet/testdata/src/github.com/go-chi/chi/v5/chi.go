package chi

import "net/http"

func URLParam(r *http.Request, key string) string { return "" }
