package main

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The container's process: it serves the API only, its -healthcheck mode tells a
// healthy server from none, it stops on SIGTERM, and it refuses to start without an
// environment.
func TestServesAndChecksItsHealth(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "promo-function")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	env := append(os.Environ(), "PROMO_ENV=local", "PROMO_ADDR="+addr)
	health := func() error {
		cmd := exec.Command(bin, "-healthcheck")
		cmd.Env = env
		return cmd.Run()
	}
	if health() == nil {
		t.Fatal("the health check passed with no server running")
	}
	srv := exec.Command(bin)
	srv.Env = env
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Process.Kill()
	deadline := time.Now().Add(10 * time.Second)
	for health() != nil {
		if time.Now().After(deadline) {
			t.Fatal("the server never became healthy")
		}
		time.Sleep(50 * time.Millisecond)
	}
	for path, want := range map[string]int{"/api/healthz": 200, "/": 404, "/index.html": 404, "/api/nope": 404} {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}
	srv.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- srv.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("stopped with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("did not stop on SIGTERM")
	}

	noEnv := exec.Command(bin)
	noEnv.Env = []string{"PROMO_ADDR=" + addr}
	out, err := noEnv.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "PROMO_ENV") {
		t.Errorf("without PROMO_ENV: %v %s", err, out)
	}
}
