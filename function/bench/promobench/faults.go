package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/promohq/promo/internal/contract"
)

// The fault soak (issue: hardening for scale-out): the function at half load for
// minutes against an upstream that fails a share of its answers in each way an
// exchange API fails. Every answer must be the function's envelope for what the
// upstream did, so the soak counts the answers by kind and compares them with the
// faults injected; the function's goroutines and RSS are sampled throughout.

// Fault kinds, by what the function must answer.
const (
	faultNone    = "ok"      // 200, the answer
	faultError   = "error"   // the upstream's 500 envelope, passed on: 500
	faultRefused = "refused" // connection closed before any byte: 502
	faultDropped = "dropped" // connection closed mid-body: 502
	faultSlow    = "slow"    // no answer within the function's timeout: 504
)

// faultyUpstream answers every 10th request with a 500 envelope, every 13th by
// closing the connection at once, every 17th by closing it mid-body and every 29th
// too slowly (3 s; run the proxy with -timeout 1s); the rest normally. GET /__faults
// tells how many of each it injected.
type faultyUpstream struct {
	reply  []byte
	n      atomic.Int64
	mu     sync.Mutex
	counts map[string]int
}

func newFaultyUpstream(reply []byte) *faultyUpstream {
	return &faultyUpstream{reply: reply, counts: map[string]int{}}
}

func (u *faultyUpstream) kind(i int64) string {
	switch {
	case i%29 == 0:
		return faultSlow
	case i%17 == 0:
		return faultDropped
	case i%13 == 0:
		return faultRefused
	case i%10 == 0:
		return faultError
	}
	return faultNone
}

func (u *faultyUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/__faults" {
		u.mu.Lock()
		defer u.mu.Unlock()
		json.NewEncoder(w).Encode(u.counts)
		return
	}
	io.Copy(io.Discard, r.Body)
	k := u.kind(u.n.Add(1))
	u.mu.Lock()
	u.counts[k]++
	u.mu.Unlock()
	switch k {
	case faultError:
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"ret_code":%d,"ret_msg":"system error","result":null}`, contract.CodeSystemError)
	case faultRefused, faultDropped:
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		if k == faultDropped {
			fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(u.reply))
			buf.Write(u.reply[:len(u.reply)/2])
			buf.Flush()
		}
		conn.Close()
	case faultSlow:
		select {
		case <-time.After(3 * time.Second):
		case <-r.Context().Done():
			return
		}
		fallthrough
	default:
		w.Header().Set("Content-Type", "application/json")
		w.Write(u.reply)
	}
}

// serveStats answers the process's goroutines and resident memory.
func serveStats(w http.ResponseWriter, _ *http.Request) {
	json.NewEncoder(w).Encode(map[string]int{"goroutines": runtime.NumGoroutine(), "rss_kb": rssKB()})
}

func rssKB() int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			var kb int
			fmt.Sscanf(strings.TrimSpace(v), "%d", &kb)
			return kb
		}
	}
	return 0
}

// runSoak sends rate requests/s to target for duration, classifies every answer,
// samples the function's stats every 10 s, and fails when an answer is not what the
// injected faults call for or goroutines or RSS keep growing.
func runSoak(args []string) error {
	fs := flag.NewFlagSet("soak", flag.ExitOnError)
	target := fs.String("target", "", "the function's URL to load")
	rate := fs.Int("rate", 1000, "requests per second")
	dur := fs.Duration("duration", time.Minute, "how long")
	faults := fs.String("faults", "", "the upstream's /__faults URL")
	stats := fs.String("stats", "", "the function's stats URL")
	fs.Parse(args)
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	var mu sync.Mutex
	answers := map[string]int{}
	record := func(k string) {
		mu.Lock()
		answers[k]++
		mu.Unlock()
	}
	var samples []sample
	getStats := func() {
		var s struct {
			Goroutines int `json:"goroutines"`
			RSS        int `json:"rss_kb"`
		}
		if resp, err := client.Get(*stats); err == nil {
			json.NewDecoder(resp.Body).Decode(&s)
			resp.Body.Close()
			samples = append(samples, sample{s.Goroutines, s.RSS})
		}
	}
	getStats()
	tick := time.NewTicker(time.Second / time.Duration(*rate))
	defer tick.Stop()
	statTick := time.NewTicker(10 * time.Second)
	defer statTick.Stop()
	end := time.After(*dur)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 512)
loop:
	for {
		select {
		case <-end:
			break loop
		case <-statTick.C:
			getStats()
		case <-tick.C:
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				record(classify(client, *target))
			}()
		}
	}
	wg.Wait()
	time.Sleep(2 * time.Second) // idle connections and finished calls settle
	getStats()
	var injected map[string]int
	if resp, err := client.Get(*faults); err == nil {
		json.NewDecoder(resp.Body).Decode(&injected)
		resp.Body.Close()
	}
	return report(answers, injected, samples)
}

// classify sends one request and names the answer by the fault it reflects, or
// "unexpected …" when it is not the function's envelope for any.
func classify(client *http.Client, target string) string {
	resp, err := client.Get(target)
	if err != nil {
		return "unexpected: no answer: " + err.Error()
	}
	defer resp.Body.Close()
	var env struct {
		RetCode *int `json:"ret_code"`
	}
	body, _ := io.ReadAll(resp.Body)
	if json.Unmarshal(body, &env) != nil || env.RetCode == nil || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		return fmt.Sprintf("unexpected: %d without an envelope", resp.StatusCode)
	}
	switch {
	case resp.StatusCode == 200 && *env.RetCode == 0:
		return faultNone
	case resp.StatusCode == 500 && *env.RetCode == contract.CodeSystemError:
		return faultError
	case resp.StatusCode == 502 && *env.RetCode == contract.CodeNetworkError:
		return "refused or dropped"
	case resp.StatusCode == 504 && *env.RetCode == contract.CodeNetworkError:
		return faultSlow
	}
	return fmt.Sprintf("unexpected: %d ret_code %d", resp.StatusCode, *env.RetCode)
}

// sample is the function's state at one moment.
type sample struct{ Goroutines, RSSKB int }

func report(answers, injected map[string]int, samples []sample) error {
	var keys []string
	total := 0
	for k, n := range answers {
		keys = append(keys, k)
		total += n
	}
	sort.Strings(keys)
	fmt.Printf("soak: %d answers:", total)
	for _, k := range keys {
		fmt.Printf(" %s=%d", k, answers[k])
	}
	fmt.Printf("\nsoak: injected: %v\n", injected)
	var problems []string
	for k, n := range answers {
		if strings.HasPrefix(k, "unexpected") {
			problems = append(problems, fmt.Sprintf("%d × %s", n, k))
		}
	}
	// Go's transport sends a GET again when the connection closed before any byte
	// of an answer (a refusal on a kept-alive connection): each extra request the
	// upstream saw is such a retry, which used up one refusal without an answer.
	upstreamSaw := 0
	for _, n := range injected {
		upstreamSaw += n
	}
	retries := upstreamSaw - total
	fmt.Printf("soak: %d refusals retried by the transport\n", retries)
	want := map[string]int{faultError: injected[faultError], faultSlow: injected[faultSlow], "refused or dropped": injected[faultRefused] + injected[faultDropped] - retries}
	for k, n := range want {
		if answers[k] != n {
			problems = append(problems, fmt.Sprintf("%s: %d answers for %d injected", k, answers[k], n))
		}
	}
	if len(samples) >= 4 {
		g, r := make([]int, len(samples)), make([]int, len(samples))
		for i, s := range samples {
			g[i], r[i] = s.Goroutines, s.RSSKB
		}
		fmt.Printf("soak: goroutines %v\nsoak: rss_kb %v\n", g, r)
		// Flat: the last quarter's highest within 20 % (RSS) or 50 (goroutines) of
		// the second quarter's highest, after warm-up.
		q := len(samples) / 4
		if maxOf(g[3*q:]) > maxOf(g[q:2*q])+50 {
			problems = append(problems, "goroutines keep growing")
		}
		if maxOf(r[3*q:]) > maxOf(r[q:2*q])*12/10 {
			problems = append(problems, "RSS keeps growing")
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("soak: %s", strings.Join(problems, "; "))
	}
	fmt.Println("soak: every answer was the envelope for what the upstream did; goroutines and RSS flat")
	return nil
}

func maxOf(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
