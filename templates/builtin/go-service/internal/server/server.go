package server

import (
	"encoding/json"
	"net/http"
)

// New returns the service's routes.
func New(name string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", getOnly(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "service": name})
	}))
	mux.HandleFunc("/api/v1/hello", getOnly(func(w http.ResponseWriter, r *http.Request) {
		who := r.URL.Query().Get("name")
		if who == "" {
			who = "world"
		}
		writeJSON(w, http.StatusOK, map[string]string{"message": "Hello, " + who + ", from " + name})
	}))
	return mux
}

// getOnly answers 405 to anything but GET (plain paths keep the mux usable on Go toolchains before 1.22).
func getOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", http.MethodGet)
			writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "method not allowed"})
			return
		}
		h(w, r)
	}
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}
