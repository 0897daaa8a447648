package placementtest

import (
	"hash/fnv"
	"os"
	"strconv"
	"testing"

	"github.com/IBM/sarama"
	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placement"
	"github.com/afb7af96/uuid/placementtest/internal/keys"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// keyCount returns how many random UUIDs to check: PLACEMENT_KEYS, or 100 000.
func keyCount(t *testing.T) int {
	n := 100_000
	if s := os.Getenv("PLACEMENT_KEYS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			t.Fatalf("PLACEMENT_KEYS=%q: want a positive count", s)
		}
	}
	return n
}

// A client is one Go client's partitioner, as its users configure it,
// and the family of package placement that should agree with it.
type client struct {
	name      string
	family    placement.Partitioner
	partition func(key []byte, n int) int
}

func clients(t *testing.T) []client {
	saramaP := func(p sarama.PartitionerConstructor) func([]byte, int) int {
		part := p("topic")
		return func(key []byte, n int) int {
			got, err := part.Partition(&sarama.ProducerMessage{Topic: "topic", Key: sarama.ByteEncoder(key)}, int32(n))
			if err != nil {
				t.Fatal(err)
			}
			return int(got)
		}
	}
	kafkaGo := func(b kafka.Balancer) func([]byte, int) int {
		parts := make([]int, 0, 4096)
		return func(key []byte, n int) int {
			parts = parts[:0]
			for i := range n {
				parts = append(parts, i)
			}
			return b.Balance(kafka.Message{Key: key}, parts...)
		}
	}
	// franz-go's default partitioner (UniformBytesPartitioner with keys
	// hashed) partitions a keyed record through PartitionByBackup.
	franzDefault := kgo.UniformBytesPartitioner(64<<10, true, true, nil).ForTopic("topic").(kgo.TopicBackupPartitioner)
	franzSticky := kgo.StickyKeyPartitioner(nil).ForTopic("topic")
	return []client{
		{"sarama NewHashPartitioner (default)", placement.FNV1a, saramaP(sarama.NewHashPartitioner)},
		{"sarama NewConsistentCRCHashPartitioner", placement.CRC32, saramaP(sarama.NewConsistentCRCHashPartitioner)},
		{"kafka-go Hash", placement.FNV1a, kafkaGo(&kafka.Hash{})},
		{"kafka-go CRC32Balancer", placement.CRC32, kafkaGo(kafka.CRC32Balancer{})},
		{"kafka-go Murmur2Balancer", placement.Murmur2, kafkaGo(kafka.Murmur2Balancer{})},
		{"franz-go default (UniformBytesPartitioner)", placement.Murmur2, func(key []byte, n int) int {
			return franzDefault.PartitionByBackup(&kgo.Record{Key: key}, n, nil)
		}},
		{"franz-go StickyKeyPartitioner", placement.Murmur2, func(key []byte, n int) int {
			return franzSticky.Partition(&kgo.Record{Key: key}, n)
		}},
		{"franz-go SaramaCompatHasher(fnv32a)", placement.FNV1a, func(key []byte, n int) int {
			return kgo.SaramaCompatHasher(fnv32a)(key, n)
		}},
	}
}

// TestGoClients checks that every Go client's partitioner picks the
// partition package placement gives, for random UUID keys as text and as
// bytes, over each of Counts.
func TestGoClients(t *testing.T) {
	ids := keys.RandomV4(40, keyCount(t))
	for _, c := range clients(t) {
		checked, bad := 0, 0
		for _, n := range keys.Counts {
			if n > 4096 && c.name[:8] == "kafka-go" {
				continue // kafka-go takes the partitions as a list
			}
			for _, u := range ids {
				text := []byte(u.String())
				want, _ := c.family.PartitionText(u, n)
				got := c.partition(text, n)
				wantB, _ := c.family.PartitionBinary(u, n)
				gotB := c.partition(u[:], n)
				checked += 2
				if got != want || gotB != wantB {
					bad++
					if bad <= 5 {
						t.Errorf("%s, %d partitions, key %v: text %d, bytes %d; placement.%v gives %d, %d", c.name, n, u, got, gotB, c.family, want, wantB)
					}
				}
			}
		}
		t.Logf("%s vs placement.%v: %d keys checked (%d UUIDs x text and bytes x counts), %d disagreements", c.name, c.family, checked, len(ids), bad)
	}
}

// TestIssueExample checks the partitions of issue 40's example with the
// clients themselves.
func TestIssueExample(t *testing.T) {
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	want := map[placement.Partitioner][2]int{placement.Murmur2: {17, 19}, placement.CRC32: {22, 3}, placement.FNV1a: {31, 7}}
	for _, c := range clients(t) {
		if got := [2]int{c.partition([]byte(u.String()), 32), c.partition(u[:], 32)}; got != want[c.family] {
			t.Errorf("%s: %v over 32 partitions: text and bytes %v; the issue measured %v", c.name, u, got, want[c.family])
		}
	}
}

// fnv32a is hash/fnv's FNV-1a, the hash sarama's default uses.
func fnv32a(b []byte) uint32 {
	h := fnv.New32a()
	h.Write(b)
	return h.Sum32()
}

// TestSensitivity checks that the comparison above can fail: sarama's
// NewReferenceHashPartitioner, which clears the sign bit where the
// default negates the remainder, disagrees with placement.FNV1a for about
// half of the keys.
func TestSensitivity(t *testing.T) {
	part := sarama.NewReferenceHashPartitioner("topic")
	bad := 0
	ids := keys.RandomV4(41, 1000)
	for _, u := range ids {
		got, err := part.Partition(&sarama.ProducerMessage{Topic: "topic", Key: sarama.StringEncoder(u.String())}, 32)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := placement.FNV1a.PartitionText(u, 32); int(got) != want {
			bad++
		}
	}
	if bad < len(ids)/4 {
		t.Errorf("sarama's reference partitioner disagrees with placement.FNV1a on %d of %d keys; want about half", bad, len(ids))
	}
}
