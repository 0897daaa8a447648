// engine.cjs runs SQL in an engine that lives in a Node.js package, for the
// tests in engines_test.go:
//
//   node engine.cjs clickhouse|duckdb DIR <steps.json
//
// It reads a JSON array of steps, {"sql": "...", "out": "name"}, and runs
// them in order in one session of the engine, whose files (if any) go in
// DIR. A step with "out" writes its result rows to DIR/name, one line per
// row, values separated by tabs. ClickHouse (the chdb package) writes its
// own TabSeparated text. For DuckDB (@duckdb/node-api) a UUID value is
// written as the signed 128-bit integer DuckDB holds in memory for it (its
// HUGEINT), in decimal, and every other value as its text; NULL is \N.
// The packages are found through NODE_PATH. On any error it prints the
// step and the error and exits with status 1.
"use strict";

const fs = require("fs");
const path = require("path");

async function clickhouse(dir, steps) {
  const { Session } = require("chdb");
  const session = new Session(path.join(dir, "chdb"));
  try {
    for (const step of steps) {
      const text = run(step, () => session.query(step.sql, "TabSeparated"));
      if (step.out) {
        fs.writeFileSync(path.join(dir, step.out), text);
      }
    }
  } finally {
    session.close();
  }
}

async function duckdb(dir, steps) {
  const { DuckDBInstance, DuckDBUUIDValue } = require("@duckdb/node-api");
  const instance = await DuckDBInstance.create(":memory:");
  const conn = await instance.connect();
  const cell = (v) => {
    if (v === null) {
      return "\\N";
    }
    if (v instanceof DuckDBUUIDValue) {
      return v.hugeint.toString(); // the stored value, not toString()'s text
    }
    return String(v);
  };
  try {
    for (const step of steps) {
      const reader = await runAsync(step, () => conn.runAndReadAll(step.sql));
      if (step.out) {
        const lines = reader.getRows().map((row) => row.map(cell).join("\t") + "\n");
        fs.writeFileSync(path.join(dir, step.out), lines.join(""));
      }
    }
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

function fail(step, err) {
  process.stderr.write(`engine.cjs: ${step.sql}\n${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
}

function run(step, f) {
  try {
    return f();
  } catch (err) {
    fail(step, err);
  }
}

async function runAsync(step, f) {
  try {
    return await f();
  } catch (err) {
    fail(step, err);
  }
}

async function main() {
  const [engine, dir] = process.argv.slice(2);
  const steps = JSON.parse(fs.readFileSync(0, "utf8"));
  switch (engine) {
    case "clickhouse":
      await clickhouse(dir, steps);
      break;
    case "duckdb":
      await duckdb(dir, steps);
      break;
    default:
      process.stderr.write(`engine.cjs: unknown engine ${JSON.stringify(engine)}\n`);
      process.exit(2);
  }
}

main().catch((err) => {
  process.stderr.write(`engine.cjs: ${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
