package generator

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// workerJS is the worker's host loop; the server bundle it loads does the rendering.
//
//go:embed worker.cjs
var workerJS string

// Renderer prerenders pages to HTML with React. The generator talks to it only
// through this interface, so watch mode can keep one alive across rebuilds and tests
// can count what was rendered.
type Renderer interface {
	// Render renders every request; results are in the order of reqs. A page that
	// fails to render has Err set; the error return is for the renderer itself failing.
	Render(ctx context.Context, reqs []RenderRequest) ([]RenderResult, error)
	Close() error
}

// RenderRequest is one page to prerender.
type RenderRequest struct {
	Slug string
	Data json.RawMessage   // the page data (generator/pagedata.go), without "stable"
	HTML map[string]string // build-time HTML by name (the rules)
}

// RenderResult is one prerendered page.
type RenderResult struct {
	HTML     string
	Stable   json.RawMessage // values computed while rendering, for the client's first render
	Warnings []string        // what React reported through console.error/warn
	Err      error
}

// NodeRenderer runs the server bundle in a few persistent Node processes and feeds
// them pipelined JSON lines (DESIGN §2: 759 pages in about 1 s on 2 cores). Load
// swaps a rebuilt bundle into the running processes.
type NodeRenderer struct {
	workers []*nodeWorker
	loads   int // bundles loaded since the processes started
}

type nodeWorker struct {
	cmd    *exec.Cmd
	waited sync.Once
	exit   error // what cmd.Wait returned
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *tailBuffer
	mu     sync.Mutex // one Render at a time per process
	nextID int
}

// StartNode starts n workers with the node binary, each running the server bundle
// (an absolute path) with React from nodeModules.
func StartNode(node, nodeModules, bundle string, n int) (*NodeRenderer, error) {
	r := &NodeRenderer{}
	for range max(n, 1) {
		w, err := startWorker(node, nodeModules, bundle)
		if err != nil {
			_ = r.Close()
			return nil, err
		}
		r.workers = append(r.workers, w)
	}
	return r, nil
}

func startWorker(node, nodeModules, bundle string) (*nodeWorker, error) {
	cmd := exec.Command(node, "-e", workerJS, bundle)
	// The bundle leaves React out; NODE_ENV picks React's production build, which is
	// what the bundles' define says too.
	cmd.Env = append(os.Environ(), "NODE_PATH="+nodeModules, "NODE_ENV=production")
	stdin, stdout, tail, err := startNodeProcess(cmd, "the prerender worker")
	if err != nil {
		return nil, err
	}
	return &nodeWorker{cmd: cmd, stdin: stdin, stdout: bufio.NewReaderSize(stdout, 1<<20), stderr: tail}, nil
}

// startNodeProcess starts cmd, a Node process the build talks to through its stdin
// and stdout, keeping the end of its stderr for the error that reports its death.
func startNodeProcess(cmd *exec.Cmd, what string) (io.WriteCloser, io.ReadCloser, *tailBuffer, error) {
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	tail := &tailBuffer{max: 8 << 10}
	cmd.Stderr = tail
	if err := cmd.Start(); err != nil {
		return nil, nil, nil, fmt.Errorf("starting %s with %s: %w (run `npm install` to install the pinned Node)", what, cmd.Path, err)
	}
	return stdin, stdout, tail, nil
}

// Render spreads the requests over the workers round-robin; each worker receives its
// share as one pipelined stream while its answers are read back concurrently.
func (r *NodeRenderer) Render(ctx context.Context, reqs []RenderRequest) ([]RenderResult, error) {
	results := make([]RenderResult, len(reqs))
	errs := make([]error, len(r.workers))
	var wg sync.WaitGroup
	for wi, w := range r.workers {
		var idx []int
		for i := wi; i < len(reqs); i += len(r.workers) {
			idx = append(idx, i)
		}
		if len(idx) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[wi] = w.render(ctx, reqs, idx, results)
		}()
	}
	wg.Wait()
	return results, errors.Join(errs...)
}

func (w *nodeWorker) render(ctx context.Context, reqs []RenderRequest, idx []int, results []RenderResult) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	first := w.nextID
	w.nextID += len(idx)
	writeErr := make(chan error, 1)
	go func() {
		bw := bufio.NewWriterSize(w.stdin, 1<<16)
		for n, i := range idx {
			line, err := requestLine(first+n, reqs[i])
			if err == nil {
				_, err = bw.Write(line)
			}
			if err != nil {
				writeErr <- err
				return
			}
		}
		writeErr <- bw.Flush()
	}()
	stop := context.AfterFunc(ctx, func() { _ = w.cmd.Process.Kill() })
	defer stop()
	for n, i := range idx {
		line, err := w.stdout.ReadBytes('\n')
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err() // we killed it
			}
			return w.died(err)
		}
		var reply struct {
			ID        int             `json:"id"`
			HTMLBytes int             `json:"htmlBytes"`
			Stable    json.RawMessage `json:"stable"`
			Warnings  []string        `json:"warnings"`
			Error     string          `json:"error"`
		}
		if err := json.Unmarshal(line, &reply); err != nil {
			return fmt.Errorf("prerender worker answered something that is not JSON: %.200q", line)
		}
		if reply.ID != first+n {
			return fmt.Errorf("prerender worker answered request %d, expected %d", reply.ID, first+n)
		}
		// The page's HTML follows the line, as many bytes as it says (worker.cjs).
		html := make([]byte, max(reply.HTMLBytes, 0))
		if _, err := io.ReadFull(w.stdout, html); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return w.died(err)
		}
		res := RenderResult{HTML: string(html), Stable: reply.Stable, Warnings: reply.Warnings}
		if reply.Error != "" {
			res.Err = errors.New(reply.Error)
		}
		results[i] = res
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return <-writeErr
}

// Load makes every worker drop its bundle for the one at bundle (an absolute path),
// keeping the process and the React it has loaded. On error the workers may hold
// either bundle: close the renderer.
func (r *NodeRenderer) Load(ctx context.Context, bundle string) error {
	line, err := json.Marshal(map[string]string{"load": bundle})
	if err != nil {
		return err
	}
	errs := make([]error, len(r.workers))
	var wg sync.WaitGroup
	for i, w := range r.workers {
		wg.Go(func() { errs[i] = w.load(ctx, line) })
	}
	wg.Wait()
	r.loads++
	return errors.Join(errs...)
}

// load sends one load line ({"load": …} with the id spliced in) and reads its answer.
func (w *nodeWorker) load(ctx context.Context, line []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	id := w.nextID
	w.nextID++
	msg := append([]byte(`{"id":`+strconv.Itoa(id)+","), line[1:]...)
	stop := context.AfterFunc(ctx, func() { _ = w.cmd.Process.Kill() })
	defer stop()
	if _, err := w.stdin.Write(append(msg, '\n')); err != nil {
		return w.died(err)
	}
	reply, err := w.stdout.ReadBytes('\n')
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return w.died(err)
	}
	var ans struct {
		ID     int    `json:"id"`
		Loaded bool   `json:"loaded"`
		Error  string `json:"error"`
	}
	switch {
	case json.Unmarshal(reply, &ans) != nil:
		return fmt.Errorf("prerender worker answered something that is not JSON: %.200q", reply)
	case ans.ID != id:
		return fmt.Errorf("prerender worker answered request %d, expected %d", ans.ID, id)
	case ans.Error != "":
		return fmt.Errorf("loading the server bundle: %s", ans.Error)
	case !ans.Loaded:
		return fmt.Errorf("prerender worker did not confirm loading the bundle: %.200q", reply)
	}
	return nil
}

// wait waits for the process to end, once, and with it for its stderr to be copied.
func (w *nodeWorker) wait() error {
	w.waited.Do(func() { w.exit = w.cmd.Wait() })
	return w.exit
}

func (w *nodeWorker) died(err error) error {
	// A pipe broke: the process is ending and its last words are on stderr, copied
	// by the time it has been waited for. One that lingers is ended.
	exited := make(chan struct{})
	go func() { _ = w.wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(time.Second):
		_ = w.cmd.Process.Kill()
		<-exited
	}
	if tail := strings.TrimSpace(w.stderr.String()); tail != "" {
		return fmt.Errorf("prerender worker stopped: %v\n%s", err, tail)
	}
	return fmt.Errorf("prerender worker stopped: %w", err)
}

func requestLine(id int, req RenderRequest) ([]byte, error) {
	html, err := json.Marshal(req.HTML)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(len(req.Data) + len(html) + 64)
	b.WriteString(`{"id":`)
	b.WriteString(strconv.Itoa(id))
	b.WriteString(`,"slug":`)
	b.WriteString(strconv.Quote(req.Slug))
	b.WriteString(`,"html":`)
	b.Write(html)
	b.WriteString(`,"data":`)
	b.Write(req.Data)
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// Close ends the workers: closing stdin lets each finish its loop and exit.
func (r *NodeRenderer) Close() error {
	var errs []error
	for _, w := range r.workers {
		_ = w.stdin.Close()
		if err := w.wait(); err != nil && !isKilled(err) {
			errs = append(errs, w.died(err))
		}
	}
	r.workers = nil
	return errors.Join(errs...)
}

func isKilled(err error) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && !ee.Exited()
}

// tailBuffer keeps the last max bytes written to it: the end of a crashed worker's
// stderr says why it crashed.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
