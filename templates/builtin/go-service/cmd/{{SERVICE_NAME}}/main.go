package main

import (
	"context"
	"errors"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"example.com/{{SERVICE_NAME}}/internal/server"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "{{PORT}}"
	}
	srv := &http.Server{
		Addr:              ":" + port,
		Handler:           server.New("{{SERVICE_NAME}}"),
		ReadHeaderTimeout: 10 * time.Second,
	}

	go func() {
		log.Printf("{{SERVICE_NAME}} listening on :%s", port)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Fatal(err)
		}
	}()

	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		log.Fatal(err)
	}
}
