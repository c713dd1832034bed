package generator

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// brotliJS is the compressor's loop (brotli.cjs).
//
//go:embed brotli.cjs
var brotliJS string

// brotliCompressor compresses at brotli quality 11 in one Node process, several
// files at once on zlib's thread pool (one thread per core). The framework chunk is
// most of a cold build's compression: 0.4 s in Node's C brotli against 0.6 s in the
// Go port (github.com/andybalholm/brotli), for the same bytes.
type brotliCompressor struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *tailBuffer

	writing sync.Mutex // one frame at a time on stdin
	mu      sync.Mutex // guards what follows
	nextID  int
	waiting map[int]chan brotliResult
	err     error // once the process is gone: every call fails with it
	done    chan struct{}
}

type brotliResult struct {
	body []byte
	err  error
}

// startBrotli starts the compressor with the node binary.
func startBrotli(node string) (*brotliCompressor, error) {
	cmd := exec.Command(node, "-e", brotliJS)
	cmd.Env = append(os.Environ(), "UV_THREADPOOL_SIZE="+strconv.Itoa(max(runtime.GOMAXPROCS(0), 1)))
	stdin, stdout, tail, err := startNodeProcess(cmd, "the brotli compressor")
	if err != nil {
		return nil, err
	}
	c := &brotliCompressor{cmd: cmd, stdin: stdin, stderr: tail, waiting: map[int]chan brotliResult{}, done: make(chan struct{})}
	go c.read(bufio.NewReaderSize(stdout, 1<<16))
	return c, nil
}

// Compress returns data compressed at brotli quality 11. It is safe to call at once
// from several goroutines.
func (c *brotliCompressor) Compress(data []byte) ([]byte, error) {
	ch := make(chan brotliResult, 1)
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return nil, c.err
	}
	id := c.nextID
	c.nextID++
	c.waiting[id] = ch
	c.mu.Unlock()
	c.writing.Lock()
	_, err := c.stdin.Write(append([]byte(`{"id":`+strconv.Itoa(id)+`,"bytes":`+strconv.Itoa(len(data))+"}\n"), data...))
	c.writing.Unlock()
	if err != nil {
		// The reader sees the process end and answers every waiting call.
		<-c.done
	}
	r := <-ch
	return r.body, r.err
}

// read hands each answer to its caller; when the process's output ends it fails the
// calls still waiting with what the process said on stderr.
func (c *brotliCompressor) read(out *bufio.Reader) {
	err := func() error {
		for {
			line, err := out.ReadBytes('\n')
			if err != nil {
				return err
			}
			var head struct {
				ID    int    `json:"id"`
				Bytes int    `json:"bytes"`
				Error string `json:"error"`
			}
			if err := json.Unmarshal(line, &head); err != nil {
				return fmt.Errorf("answered something that is not JSON: %.200q", line)
			}
			body := make([]byte, max(head.Bytes, 0))
			if _, err := io.ReadFull(out, body); err != nil {
				return err
			}
			c.mu.Lock()
			ch := c.waiting[head.ID]
			delete(c.waiting, head.ID)
			c.mu.Unlock()
			if ch == nil {
				return fmt.Errorf("answered request %d, which nobody asked", head.ID)
			}
			if head.Error != "" {
				ch <- brotliResult{err: errors.New("brotli: " + head.Error)}
			} else {
				ch <- brotliResult{body: body}
			}
		}
	}()
	_ = c.cmd.Process.Kill() // a confused compressor is not asked again
	_ = c.cmd.Wait()
	if tail := strings.TrimSpace(c.stderr.String()); tail != "" {
		err = fmt.Errorf("%v\n%s", err, tail)
	}
	c.mu.Lock()
	c.err = fmt.Errorf("the brotli compressor stopped: %v", err)
	for id, ch := range c.waiting {
		ch <- brotliResult{err: c.err}
		delete(c.waiting, id)
	}
	c.mu.Unlock()
	close(c.done)
}

// Close ends the process: closing stdin lets it finish and exit.
func (c *brotliCompressor) Close() {
	_ = c.stdin.Close()
	<-c.done
}

// lazyBrotli starts the compressor on its first use: a build whose copies all come
// from the cache starts no process.
type lazyBrotli struct {
	node string
	once sync.Once
	c    *brotliCompressor
	err  error
}

func (l *lazyBrotli) Compress(data []byte) ([]byte, error) {
	l.once.Do(func() { l.c, l.err = startBrotli(l.node) })
	if l.err != nil {
		return nil, l.err
	}
	return l.c.Compress(data)
}

// Close ends the process, if one was started; no Compress may be running.
func (l *lazyBrotli) Close() {
	if l.c != nil {
		l.c.Close()
	}
}
