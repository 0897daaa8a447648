// check.js reads the lines cmd/vectors prints on standard input and
// checks every number against the npm clients themselves: kafkajs's
// DefaultPartitioner (murmur2), cluster-key-slot, and cassandra-driver's
// Murmur3Tokenizer fed the routing keys its own Encoder builds. It prints
// the count of checks and of disagreements for each, and exits 1 if any
// number disagrees or there is nothing to check.
'use strict';
const readline = require('readline');
const { Partitioners } = require('kafkajs');
const clusterKeySlot = require('cluster-key-slot');
const cassandra = require('cassandra-driver');
const Encoder = require('cassandra-driver/lib/encoder');
const { Murmur3Tokenizer } = require('cassandra-driver/lib/tokenizer');

const { dataTypes, Uuid } = cassandra.types;
const partitioner = Partitioners.DefaultPartitioner();
const tokenizer = new Murmur3Tokenizer();
const encoder = new Encoder(4, {});

const stats = {
  'kafkajs DefaultPartitioner': [0, 0],
  'cluster-key-slot': [0, 0],
  'cassandra-driver Murmur3Tokenizer': [0, 0],
};
const shown = {};

function check(client, what, got, want) {
  const s = stats[client];
  s[0]++;
  if (String(got) !== String(want)) {
    s[1]++;
    shown[client] = (shown[client] || 0) + 1;
    if (shown[client] <= 5) {
      console.error(`${client}: ${what}: the client says ${got}, placement ${want}`);
    }
  }
}

const metadata = new Map();
function partitionMetadata(n) {
  // kafkajs hashes modulo the number of partitions listed; a count too
  // large to list is checked through murmur2 itself with Kafka's
  // toPositive, as the DefaultPartitioner computes it.
  if (!metadata.has(n)) {
    metadata.set(n, Array.from({ length: n }, (_, i) => ({ partitionId: i, leader: 0 })));
  }
  return metadata.get(n);
}
const murmur2 = require('kafkajs/src/producer/partitioners/default/murmur2');

function kafkajs(key, n) {
  if (n > 100000) {
    return (murmur2(key) & 0x7fffffff) % n;
  }
  return partitioner({ topic: 'topic', partitionMetadata: partitionMetadata(n), message: { key } });
}

function routingKey(types, params) {
  let key;
  const options = { getRoutingIndexes: () => types.map((_, i) => i), setRoutingKey: (k) => { key = k; } };
  encoder.setRoutingKeyFromMeta({ columns: types.map((code) => ({ type: { code } })) }, params, options);
  return key;
}

function token(key) {
  return tokenizer.hash(key).toString();
}

let counts = null;
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  const f = line.split(' ');
  if (f[0] === 'counts') {
    counts = f.slice(1).map(Number);
    return;
  }
  const [id, index, textParts, binaryParts] = f;
  const i = Number(index);
  const hex = id.replace(/-/g, '');
  const bytes = Buffer.from(hex, 'hex');
  const text = textParts.split(',');
  const binary = binaryParts.split(',');
  counts.forEach((n, j) => {
    check('kafkajs DefaultPartitioner', `${id} as text over ${n}`, kafkajs(id, n), text[j]);
    check('kafkajs DefaultPartitioner', `${id} as bytes over ${n}`, kafkajs(bytes, n), binary[j]);
  });
  const redisKeys = [id, hex, `{${id}}`, `urn:uuid:${id}`, bytes, `user:{${id}}:cart`, `cart:${id}`];
  redisKeys.forEach((key, j) => {
    check('cluster-key-slot', `key ${j} of ${id}`, clusterKeySlot(key), f[4 + j]);
  });
  const uuid = Uuid.fromString(id);
  const t = 4 + redisKeys.length;
  check('cassandra-driver Murmur3Tokenizer', `${id}`, token(routingKey([dataTypes.uuid], [uuid])), f[t]);
  check('cassandra-driver Murmur3Tokenizer', `(${id}, ${i})`, token(routingKey([dataTypes.uuid, dataTypes.int], [uuid, i])), f[t + 1]);
  const tenant = `tenant-${i % 100}`;
  check('cassandra-driver Murmur3Tokenizer', `(${id}, ${tenant})`, token(routingKey([dataTypes.uuid, dataTypes.text], [uuid, tenant])), f[t + 2]);
});
rl.on('close', () => {
  let failed = false;
  for (const [client, [checked, bad]] of Object.entries(stats)) {
    console.log(`${client}: ${checked} checked, ${bad} disagreements`);
    failed = failed || bad > 0 || checked === 0;
  }
  process.exit(failed ? 1 : 0);
});
