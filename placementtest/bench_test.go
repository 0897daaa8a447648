package placementtest

import (
	"testing"

	"github.com/IBM/sarama"
	"github.com/afb7af96/uuid/placement"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// BenchmarkPartition measures the partition of a UUID's text among 32
// partitions by package placement and by each Go client's partitioner of
// the same family, in one run: benchstat -col /impl compares them.
func BenchmarkPartition(b *testing.B) {
	key := []byte("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	parts := make([]int, 32)
	for i := range parts {
		parts[i] = i
	}
	sar := sarama.NewHashPartitioner("topic")
	sarCRC := sarama.NewConsistentCRCHashPartitioner("topic")
	msg := &sarama.ProducerMessage{Topic: "topic", Key: sarama.ByteEncoder(key)}
	franz := kgo.StickyKeyPartitioner(nil).ForTopic("topic")
	rec := &kgo.Record{Key: key}
	for _, c := range []struct {
		family, impl string
		f            func()
	}{
		{"murmur2", "placement", func() { placement.Murmur2.Partition(key, 32) }},
		{"murmur2", "kafka-go", func() { kafka.Murmur2Balancer{}.Balance(kafka.Message{Key: key}, parts...) }},
		{"murmur2", "franz-go", func() { franz.Partition(rec, 32) }},
		{"crc32", "placement", func() { placement.CRC32.Partition(key, 32) }},
		{"crc32", "kafka-go", func() { kafka.CRC32Balancer{}.Balance(kafka.Message{Key: key}, parts...) }},
		{"crc32", "sarama", func() { sarCRC.Partition(msg, 32) }},
		{"fnv1a", "placement", func() { placement.FNV1a.Partition(key, 32) }},
		{"fnv1a", "sarama", func() { sar.Partition(msg, 32) }},
	} {
		b.Run("family="+c.family+"/impl="+c.impl, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.f()
			}
		})
	}
}
