#!/usr/bin/env bash
# Installs PostgreSQL (Debian) if needed, starts a throw-away cluster on a free local port as the
# postgres user, runs the server's database tests against it (TEST_DATABASE_URL), and removes it.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  if ! { [ "$(id -u)" = 0 ] && apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; }; then
    echo "PostgreSQL tests skipped: no PostgreSQL here and none could be installed (PGlite ran them in npm test)."
    exit 0
  fi
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGROOT=$(mktemp -d /tmp/tischlein-pg.XXXXXX)
PGPORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$PGROOT"
cleanup() {
  [ -f "$PGROOT/data/postmaster.pid" ] && kill -CONT "$(head -1 "$PGROOT/data/postmaster.pid")" $(pgrep -P "$(head -1 "$PGROOT/data/postmaster.pid")") 2>/dev/null || true
  as_pg "$PGBIN/pg_ctl" -D "$PGROOT/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGROOT"
}
trap cleanup EXIT
as_pg "$PGBIN/initdb" -D "$PGROOT/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$PGROOT/data" -l "$PGROOT/log" -w \
  -o "-p $PGPORT -k $PGROOT -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on port $PGPORT"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
npx jest server/db.test.ts server/staff server/orders server/postgres.test.ts server/concurrency.test.ts server/abuse.test.ts server/outbox server/operator server/limits/lease.test.ts server/postgres.processes.test.ts
# The database can fail: the server process while this cluster closes its connections, stops,
# restarts in the middle of orders and freezes (server/postgres.restart.test.ts; alone, since it
# takes the cluster away from every other test).
cat >"$PGROOT/ctl.sh" <<CTL
#!/usr/bin/env bash
set -euo pipefail
pgc() { $( [ "$(id -u)" = 0 ] && echo "runuser -u postgres --" ) "$PGBIN/pg_ctl" -D "$PGROOT/data" -l "$PGROOT/log" -w "\$@" >/dev/null; }
OPTS="-p $PGPORT -k $PGROOT -c listen_addresses=127.0.0.1 -c fsync=off"
pm() { head -1 "$PGROOT/data/postmaster.pid"; }
case "\$1" in
  stop) pgc -m fast stop ;;
  start) pgc -o "\$OPTS" start ;;
  restart) pgc -m immediate -o "\$OPTS" restart ;;
  freeze) p=\$(pm); kill -STOP "\$p" \$(pgrep -P "\$p") ;;
  thaw) p=\$(pm); kill -CONT "\$p" \$(pgrep -P "\$p") 2>/dev/null || true ;;
esac
CTL
TEST_PG_CTL="$PGROOT/ctl.sh" npx jest server/postgres.restart.test.ts
