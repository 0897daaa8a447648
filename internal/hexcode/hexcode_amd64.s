//go:build amd64 && !purego

// Hex decoding and encoding of UUIDs, sixteen bytes at a time with SSE2,
// which every amd64 CPU has, so no CPUID check is needed.
//
// Decoding first gathers the 32 digits of the text into two registers,
// digits 0-15 and 16-31, with unaligned loads that start just where each
// group of digits does and never reach past the 36 (or 32) bytes of input.
// Then, for each byte c, two saturating subtractions test the ranges at
// once for all sixteen lanes:
//
//	d = c - '0'            d <= 9 exactly when c is '0'-'9'
//	l = (c | 0x20) - 'a'   l <= 5 exactly when c is 'a'-'f' or 'A'-'F'
//
// (the byte arithmetic wraps, so every other value of c, 0x80-0xff
// included, gives d > 9 and l > 5). The digit's value is min(d, l+10):
// l+10 wraps to at least 0xd9 for a decimal digit, and d is at least 0x11
// for a letter. The hyphens are compared with '-' in one more register.
// Finally the high and the low nibbles of each output byte are packed into
// two registers, and the first is shifted left by four and OR'ed with the
// second.
//
// Encoding runs the other way: split each byte into its two nibbles,
// interleave them into the 32 digit values, and map each value n to
// n + '0', plus 'a'-'0'-10 (or 'A'-'0'-10) if n > 9. The canonical form then
// needs its middle 16 bytes, where the hyphens are, assembled from byte
// shifts of the digits.

#include "textflag.h"

// CONST16 defines a read-only 16-byte vector named name<> whose bytes are
// the eight bytes of lo followed by the eight bytes of hi, lowest first.
// The linker aligns it to 16 bytes, as SSE memory operands require.
#define CONST16(name, lo, hi) \
	DATA  name<>+0(SB)/8, lo; \
	DATA  name<>+8(SB)/8, hi; \
	GLOBL name<>(SB), RODATA|NOPTR, $16

CONST16(x00ff, $0x00ff00ff00ff00ff, $0x00ff00ff00ff00ff)
CONST16(x0f, $0x0f0f0f0f0f0f0f0f, $0x0f0f0f0f0f0f0f0f)
CONST16(x20, $0x2020202020202020, $0x2020202020202020)
CONST16(five, $0x0505050505050505, $0x0505050505050505)
CONST16(nine, $0x0909090909090909, $0x0909090909090909)
CONST16(ten, $0x0a0a0a0a0a0a0a0a, $0x0a0a0a0a0a0a0a0a)
CONST16(digit0, $0x3030303030303030, $0x3030303030303030) // '0'
CONST16(lowerA, $0x6161616161616161, $0x6161616161616161) // 'a'

// Bytes 0, 5, 10 and 15 of text[8:24] are the hyphens at offsets 8, 13, 18
// and 23 of the canonical form: hyphenLanes selects them and hyphens holds
// them. groupB selects bytes 6-9, the digits between the second and third,
// and shiftAC holds the 64-bit multipliers 1<<8 and 1<<24.
CONST16(hyphenLanes, $0x0000ff00000000ff, $0xff00000000ff0000)
CONST16(hyphens, $0x00002d000000002d, $0x2d000000002d0000)
CONST16(groupB, $0xffff000000000000, $0x000000000000ffff)
CONST16(shiftAC, $0x0000000000000100, $0x0000000001000000)

// alpha holds the amount a digit value above 9 adds beyond n+'0': 16
// copies of 'a'-'0'-10 for lower case, then 16 of 'A'-'0'-10 for upper.
DATA alpha<>+0(SB)/8, $0x2727272727272727
DATA alpha<>+8(SB)/8, $0x2727272727272727
DATA alpha<>+16(SB)/8, $0x0707070707070707
DATA alpha<>+24(SB)/8, $0x0707070707070707
GLOBL alpha<>(SB), RODATA|NOPTR, $32

// HEXVALUES checks and decodes the sixteen ASCII bytes in V. Afterwards N
// holds the value of each byte that is a hex digit, and BAD a zero byte
// exactly where V held a hex digit. V is clobbered.
#define HEXVALUES(V, N, BAD) \
	MOVO    V, BAD;             /* BAD = d = c - '0' */                    \
	PSUBB   digit0<>(SB), BAD;                                             \
	POR     x20<>(SB), V;       /* V = l = (c | 0x20) - 'a' */             \
	PSUBB   lowerA<>(SB), V;                                               \
	MOVO    V, N;               /* N = min(d, l+10), the digit's value */  \
	PADDB   ten<>(SB), N;                                                  \
	PMINUB  BAD, N;                                                        \
	PSUBUSB nine<>(SB), BAD;    /* BAD = min(d -| 9, l -| 5), 0 if hex */  \
	PSUBUSB five<>(SB), V;                                                 \
	PMINUB  V, BAD

// PAIRS packs the 32 digit values in A (digits 0-15) and B (digits
// 16-31) into the 16 bytes they encode, leaving them in A. Each 16-bit lane
// holds the two digits of one output byte, the high nibble's in its low
// byte. T and U receive the low nibbles (the high byte of every lane); A and
// B keep the high nibbles (the low byte); then A = A<<4 | T. The values are
// below 16, so the 16-bit shift moves no bit across bytes.
#define PAIRS(A, B, T, U) \
	MOVO     A, T;              \
	PSRLW    $8, T;             \
	MOVO     B, U;              \
	PSRLW    $8, U;             \
	PACKUSWB U, T;              \
	PAND     x00ff<>(SB), A;    \
	PAND     x00ff<>(SB), B;    \
	PACKUSWB B, A;              \
	PSLLW    $4, A;             \
	POR      T, A

// func DecodeCanonical(u *[16]byte, s *[36]byte) bool
TEXT ·DecodeCanonical(SB), NOSPLIT, $0-17
	MOVQ u+0(FP), DI
	MOVQ s+8(FP), SI

	// Gather digits 0-15 (text offsets 0-7, 9-12, 14-17) into X0. Load
	// s[2:18], whose last four bytes are digits 12-15, then overwrite the
	// first eight bytes with s[0:8] and the next four with s[9:13].
	MOVOU  2(SI), X0
	MOVQ   0(SI), X1
	MOVSD  X1, X0
	PINSRW $4, 9(SI), X0
	PINSRW $5, 11(SI), X0

	// Gather digits 16-31 (offsets 19-22, 24-35) into X1: load s[20:36],
	// whose last twelve bytes are digits 20-31, then overwrite the first
	// four bytes with s[19:23].
	MOVOU 20(SI), X1
	MOVL  19(SI), X2
	MOVSS X2, X1

	// X2 = the hyphen lanes of s[8:24], XOR the hyphens: zero if they are
	// all in place.
	MOVOU 8(SI), X2
	PAND  hyphenLanes<>(SB), X2
	PXOR  hyphens<>(SB), X2

	// Decode both halves, collecting every bad lane into X2.
	HEXVALUES(X0, X3, X5)
	HEXVALUES(X1, X4, X6)
	POR X5, X2
	POR X6, X2

	// Fail unless all 16 bytes of X2 are zero.
	PXOR     X7, X7
	PCMPEQB  X7, X2
	PMOVMSKB X2, AX
	CMPL     AX, $0xffff
	JNE      fail

	// X3 = digits 0-15, X4 = digits 16-31; pack them into X3 and store
	// it in *u.
	PAIRS(X3, X4, X0, X1)
	MOVOU X3, (DI)
	MOVB  $1, ret+16(FP)
	RET

fail: // *u = the Nil UUID; X7 is zero
	MOVOU X7, (DI)
	MOVB  $0, ret+16(FP)
	RET

// func DecodeHex(u *[16]byte, s *[32]byte) bool
TEXT ·DecodeHex(SB), NOSPLIT, $0-17
	MOVQ u+0(FP), DI
	MOVQ s+8(FP), SI

	// The digits are already in place: 0-15, then 16-31.
	MOVOU 0(SI), X0
	MOVOU 16(SI), X1

	HEXVALUES(X0, X3, X5)
	HEXVALUES(X1, X4, X6)
	POR X6, X5

	PXOR     X7, X7
	PCMPEQB  X7, X5
	PMOVMSKB X5, AX
	CMPL     AX, $0xffff
	JNE      fail

	PAIRS(X3, X4, X0, X1)
	MOVOU X3, (DI)
	MOVB  $1, ret+16(FP)
	RET

fail: // *u = the Nil UUID; X7 is zero
	MOVOU X7, (DI)
	MOVB  $0, ret+16(FP)
	RET

// HEXDIGITS loads the UUID at SI and leaves its 32 ASCII hex digits in X0
// (digits 0-15) and X1 (digits 16-31), lower case if AX is 0 and upper
// case if AX is 1. It clobbers AX, BX and X2-X4.
#define HEXDIGITS \
	MOVOU     (SI), X0;         /* X0 = the low nibble of each byte */    \
	MOVO      X0, X1;           /* X1 = the high nibble of each byte */   \
	PSRLW     $4, X1;                                                     \
	PAND      x0f<>(SB), X0;                                              \
	PAND      x0f<>(SB), X1;                                              \
	MOVO      X1, X2;           /* interleave, high nibble first: */      \
	PUNPCKLBW X0, X2;           /* X2 = digits 0-15, from bytes 0-7 */    \
	PUNPCKHBW X0, X1;           /* X1 = digits 16-31, from bytes 8-15 */  \
	SHLQ      $4, AX;           /* X3 = alpha offsets for the case */     \
	LEAQ      alpha<>(SB), BX;                                            \
	MOVOU     (BX)(AX*1), X3;                                             \
	MOVO      X2, X0;           /* X0 = n + '0' + (n > 9 ? alpha : 0) */  \
	PCMPGTB   nine<>(SB), X2;                                             \
	PAND      X3, X2;                                                     \
	PADDB     digit0<>(SB), X0;                                           \
	PADDB     X2, X0;                                                     \
	MOVO      X1, X4;           /* the same for X1 */                     \
	PCMPGTB   nine<>(SB), X4;                                             \
	PAND      X3, X4;                                                     \
	PADDB     digit0<>(SB), X1;                                           \
	PADDB     X4, X1

// func PutCanonical(dst *[36]byte, u *[16]byte, upper bool)
TEXT ·PutCanonical(SB), NOSPLIT, $0-17
	MOVQ    dst+0(FP), DI
	MOVQ    u+8(FP), SI
	MOVBLZX upper+16(FP), AX
	HEXDIGITS

	// Digits 0-7 and 20-31 are in place when X0 goes to dst[0:16] and X1 to
	// dst[20:36]; dst[8:24] is written last, over both.
	MOVOU X0, 0(DI)
	MOVOU X1, 20(DI)

	// X2 = digits 8-23: the high half of X0, then the low half of X1. As
	// 32-bit lanes these are the groups A = 8-11, B = 12-15, C = 16-19 and
	// D = 20-23.
	MOVO   X0, X2
	SHUFPD $1, X1, X2

	// dst[8:24] is '-', A, '-', B, '-', C, '-', so A moves up one byte, B
	// two and C three. PMULUDQ multiplies lanes 0 and 2 into 64-bit
	// products: by 1<<8 and 1<<24 it shifts A and C into place at once
	// and clears the rest. B gets a byte shift and a mask. Then add the
	// hyphens.
	MOVO    X2, X3
	PMULULQ shiftAC<>(SB), X3
	PSLLDQ  $2, X2
	PAND    groupB<>(SB), X2
	POR     X3, X2
	POR     hyphens<>(SB), X2
	MOVOU   X2, 8(DI)
	RET

// func PutHex(dst *[32]byte, u *[16]byte, upper bool)
TEXT ·PutHex(SB), NOSPLIT, $0-17
	MOVQ    dst+0(FP), DI
	MOVQ    u+8(FP), SI
	MOVBLZX upper+16(FP), AX
	HEXDIGITS
	MOVOU   X0, 0(DI)
	MOVOU   X1, 16(DI)
	RET
