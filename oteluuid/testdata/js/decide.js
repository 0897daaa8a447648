'use strict';
// Runs the OpenTelemetry JavaScript SDK's consistent probability sampler
// (createCompositeSampler(createComposableProbabilitySampler(ratio)) of
// @opentelemetry/sampler-composite) on the trace IDs js_test.go sends.
// Arguments: the ratios. Stdin: one line per span, the trace ID in 32 hex
// digits and, optionally, the parent's tracestate. Stdout: one line per
// span, for each ratio "-" if dropped or "+" if sampled, followed by the
// resulting tracestate ("" when none).
const readline = require('node:readline');
const api = require('@opentelemetry/api');
const { TraceState } = require('@opentelemetry/core');
const {
  createCompositeSampler,
  createComposableProbabilitySampler,
} = require('@opentelemetry/sampler-composite');
const { SamplingDecision } = require('@opentelemetry/sdk-trace');

const samplers = process.argv.slice(2).map((r) =>
  createCompositeSampler(createComposableProbabilitySampler(Number(r))));
const out = [];
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  const [traceId, parentState] = line.split(' ');
  let ctx = api.ROOT_CONTEXT;
  if (parentState) {
    ctx = api.trace.setSpanContext(ctx, {
      traceId, spanId: '0000000000000001', traceFlags: 0, isRemote: true,
      traceState: new TraceState(parentState),
    });
  }
  const cells = samplers.map((s) => {
    const r = s.shouldSample(ctx, traceId, 'op', api.SpanKind.INTERNAL, {}, []);
    const mark = r.decision === SamplingDecision.RECORD_AND_SAMPLED ? '+' : '-';
    return mark + (r.traceState ? r.traceState.serialize() : '');
  });
  out.push(cells.join(' '));
  if (out.length >= 4096) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
});
rl.on('close', () => {
  if (out.length) process.stdout.write(out.join('\n') + '\n');
});
