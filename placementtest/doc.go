// Package placementtest checks package placement against the real
// clients: the partitioners of sarama, kafka-go and franz-go in its tests,
// and, through the programs under cmd/ that .ci/placement runs, the npm
// packages kafkajs, cassandra-driver and cluster-key-slot and a live
// redis-server. It is a module of its own so that the library requires
// none of them.
package placementtest
