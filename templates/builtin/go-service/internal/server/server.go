package server

import (
	"encoding/json"
	"net/http"
)

// New returns the service's routes.
func New(name string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "service": name})
	})
	mux.HandleFunc("GET /api/v1/hello", func(w http.ResponseWriter, r *http.Request) {
		who := r.URL.Query().Get("name")
		if who == "" {
			who = "world"
		}
		writeJSON(w, http.StatusOK, map[string]string{"message": "Hello, " + who + ", from " + name})
	})
	return mux
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}
