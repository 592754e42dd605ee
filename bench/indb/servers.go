package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// pgSettings are the PostgreSQL settings of the run, passed to the server
// with -c. full_page_writes=on and a short checkpoint interval make the
// cost of random keys visible in the WAL: after every checkpoint the first
// change to each page writes a full-page image. shared_buffers is small so
// that the index outgrows it. fsync is off for every key scheme alike.
var pgSettings = [][2]string{
	{"listen_addresses", "''"},
	{"shared_buffers", "32MB"},
	{"full_page_writes", "on"},
	{"checkpoint_timeout", "30s"},
	{"max_wal_size", "64MB"},
	{"min_wal_size", "32MB"},
	{"fsync", "off"},
	{"synchronous_commit", "off"},
	{"autovacuum", "off"},
	{"wal_compression", "off"},
	{"max_connections", "20"},
}

// pgShown are the settings read back from the server for the report.
var pgShown = []string{
	"server_version", "shared_buffers", "full_page_writes", "checkpoint_timeout",
	"max_wal_size", "min_wal_size", "wal_segment_size", "wal_level", "wal_compression",
	"fsync", "synchronous_commit", "autovacuum", "block_size", "effective_io_concurrency",
}

// mariaSettings are the MariaDB server options of the run: a small InnoDB
// buffer pool so that the clustered index outgrows it, a redo log small
// enough for checkpoints to happen, the doublewrite buffer on (InnoDB's
// counterpart of full_page_writes), no flush at commit and no binary log.
var mariaSettings = []string{
	"--innodb-buffer-pool-size=32M",
	"--innodb-log-file-size=64M",
	"--innodb-doublewrite=1",
	"--innodb-flush-log-at-trx-commit=0",
	"--innodb-file-per-table=1",
	"--skip-log-bin",
	"--max-allowed-packet=64M",
	"--character-set-server=utf8mb4",
}

// mariaShown are the variables read back from the server for the report.
var mariaShown = []string{
	"version", "innodb_buffer_pool_size", "innodb_log_file_size", "innodb_doublewrite",
	"innodb_flush_log_at_trx_commit", "innodb_flush_method", "innodb_page_size",
	"innodb_file_per_table", "innodb_stats_persistent", "log_bin",
}

// run runs a command, as user when we are root and user is not empty, and
// returns an error with its output when it fails.
func run(ctx context.Context, dir, user string, name string, args ...string) error {
	if user != "" && os.Geteuid() == 0 {
		args = append([]string{"-u", user, "--", name}, args...)
		name = "runuser"
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

// pgBin returns the bin folder of the newest installed PostgreSQL.
func pgBin() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		a, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		b, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return a < b
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "pg_ctl")); err == nil {
			return dirs[i], nil
		}
	}
	return "", errors.New("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl); bench/dbcost installs it with apt-get as root")
}

// postgres is a throwaway PostgreSQL server in a folder of its own,
// listening only on a Unix socket.
type postgres struct {
	bin, dir string
	dsn      string
}

func startPostgres(ctx context.Context, root string) (*postgres, error) {
	bin, err := pgBin()
	if err != nil {
		return nil, err
	}
	p := &postgres{bin: bin, dir: filepath.Join(root, "pg")}
	sock := filepath.Join(p.dir, "sock")
	if err := os.MkdirAll(sock, 0o755); err != nil {
		return nil, err
	}
	if os.Geteuid() == 0 {
		if err := run(ctx, root, "", "chown", "-R", "postgres:", p.dir); err != nil {
			return nil, err
		}
	}
	if err := run(ctx, root, "postgres", filepath.Join(bin, "initdb"), "-D", filepath.Join(p.dir, "data"),
		"-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"); err != nil {
		return nil, err
	}
	opts := []string{"-c unix_socket_directories='" + sock + "'", "-p 55433"}
	for _, s := range pgSettings {
		opts = append(opts, "-c "+s[0]+"="+s[1])
	}
	if err := run(ctx, root, "postgres", filepath.Join(bin, "pg_ctl"), "-D", filepath.Join(p.dir, "data"),
		"-l", filepath.Join(p.dir, "server.log"), "-w", "-t", "60", "-o", strings.Join(opts, " "), "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(p.dir, "server.log"))
		return nil, fmt.Errorf("%v\n%s", err, log)
	}
	p.dsn = fmt.Sprintf("host=%s port=55433 user=postgres dbname=postgres sslmode=disable", sock)
	db, err := sql.Open("pgx", p.dsn)
	if err != nil {
		p.stop()
		return nil, err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE dbcost"); err != nil {
		p.stop()
		return nil, err
	}
	p.dsn = fmt.Sprintf("host=%s port=55433 user=postgres dbname=dbcost sslmode=disable", sock)
	return p, nil
}

func (p *postgres) stop() {
	// A fresh context: stop also runs after an interrupt cancelled ctx.
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	if err := run(ctx, filepath.Dir(p.dir), "postgres", filepath.Join(p.bin, "pg_ctl"), "-D", filepath.Join(p.dir, "data"),
		"-m", "immediate", "-w", "-t", "60", "stop"); err != nil {
		fmt.Fprintln(os.Stderr, "dbcost: stopping PostgreSQL:", err)
	}
}

// mariadb is a throwaway MariaDB server in a folder of its own, with
// networking off.
type mariadb struct {
	cmd  *exec.Cmd
	done chan struct{}
	dsn  string
}

func startMariaDB(ctx context.Context, root string) (*mariadb, error) {
	mariadbd, err := exec.LookPath("mariadbd")
	if err != nil {
		mariadbd = "/usr/sbin/mariadbd"
	}
	if _, err := os.Stat(mariadbd); err != nil {
		return nil, errors.New("MariaDB is not installed (no mariadbd); bench/dbcost installs it with apt-get as root")
	}
	dir := filepath.Join(root, "mariadb")
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		return nil, err
	}
	var userArgs []string
	if os.Geteuid() == 0 {
		if err := run(ctx, root, "", "chown", "-R", "mysql:", dir); err != nil {
			return nil, err
		}
		userArgs = []string{"--user=mysql"}
	}
	args := append([]string{"--no-defaults"}, userArgs...)
	args = append(args, "--datadir="+data, "--auth-root-authentication-method=normal", "--skip-test-db")
	if err := run(ctx, root, "", "mariadb-install-db", args...); err != nil {
		return nil, err
	}
	sock := filepath.Join(dir, "mysqld.sock")
	args = append([]string{"--no-defaults"}, userArgs...)
	args = append(args, "--datadir="+data, "--socket="+sock, "--skip-networking",
		"--pid-file="+filepath.Join(dir, "mysqld.pid"), "--log-error="+filepath.Join(dir, "server.log"))
	args = append(args, mariaSettings...)
	m := &mariadb{done: make(chan struct{})}
	m.cmd = exec.Command(mariadbd, args...)
	m.cmd.Dir = root
	// Its own process group: Ctrl-C reaches us, and we stop it in order.
	m.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := m.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { m.cmd.Wait(); close(m.done) }()
	m.dsn = "root@unix(" + sock + ")/?interpolateParams=true&parseTime=true&loc=UTC"
	db, err := sql.Open("mysql", m.dsn)
	if err != nil {
		m.stop()
		return nil, err
	}
	defer db.Close()
	deadline := time.Now().Add(90 * time.Second)
	for {
		err = db.PingContext(ctx)
		if err == nil {
			break
		}
		select {
		case <-m.done:
			log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
			return nil, fmt.Errorf("mariadbd exited: %v\n%s", err, log)
		default:
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			m.stop()
			return nil, fmt.Errorf("mariadbd did not answer: %v", err)
		}
		time.Sleep(300 * time.Millisecond)
	}
	if _, err := db.ExecContext(ctx, "CREATE DATABASE dbcost CHARACTER SET utf8mb4"); err != nil {
		m.stop()
		return nil, err
	}
	m.dsn = "root@unix(" + sock + ")/dbcost?interpolateParams=true&parseTime=true&loc=UTC"
	return m, nil
}

func (m *mariadb) stop() {
	m.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-m.done:
	case <-time.After(60 * time.Second):
		fmt.Fprintln(os.Stderr, "dbcost: mariadbd did not stop in 60s; killing it")
		m.cmd.Process.Kill()
		<-m.done
	}
}
