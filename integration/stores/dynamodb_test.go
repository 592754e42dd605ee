package stores

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/iddynamo"
)

// dynamoPlain is an item that holds id.ID, as a new user writes it.
type dynamoPlain struct {
	PK   id.ID   `dynamodbav:"pk"`
	Tags []id.ID `dynamodbav:"tags"`
}

// dynamoItem is the recipe: the fields are iddynamo.ID, *iddynamo.ID for
// an optional attribute.
type dynamoItem struct {
	PK    iddynamo.ID   `dynamodbav:"pk"`
	Tags  []iddynamo.ID `dynamodbav:"tags"`
	Buyer *iddynamo.ID  `dynamodbav:"buyer,omitempty"`
}

// TestDynamoDBDefaultLosesIDs measures the trap: with the defaults,
// attributevalue writes an id.ID as an empty map M{} (it walks the
// struct's fields and finds none exported), expression.Value builds
// ":0 = M{}", and reading back gives zero ids (or leaves the id as it
// was), all without an error.
func TestDynamoDBDefaultLosesIDs(t *testing.T) {
	//idvet:allow SILENT the test measures the default that loses ids
	m, err := attributevalue.MarshalMap(dynamoPlain{PK: a, Tags: []id.ID{a, b}})
	if err != nil {
		t.Fatal(err)
	}
	pk, ok := m["pk"].(*types.AttributeValueMemberM)
	if !ok || len(pk.Value) != 0 {
		t.Fatalf("pk is %#v, want the empty map M{} (the trap)", m["pk"])
	}
	tags := m["tags"].(*types.AttributeValueMemberL)
	if len(tags.Value) != 2 {
		t.Fatalf("tags: %#v", tags)
	}
	for _, v := range tags.Value {
		if e, ok := v.(*types.AttributeValueMemberM); !ok || len(e.Value) != 0 {
			t.Fatalf("tag is %#v, want M{}", v)
		}
	}
	var out dynamoPlain
	//idvet:allow SILENT the test measures the default that loses ids
	if err := attributevalue.UnmarshalMap(m, &out); err != nil || !out.PK.IsZero() || len(out.Tags) != 2 || !out.Tags[0].IsZero() {
		t.Fatalf("read back %#v, %v; want zero ids and no error (the trap)", out, err)
	}
	// M{} read into an id that holds a value leaves it as it was.
	out.PK = b
	//idvet:allow SILENT the test measures the default that loses ids
	if err := attributevalue.UnmarshalMap(m, &out); err != nil || out.PK != b {
		t.Fatalf("read into a set id: %v, %v; want it unchanged and no error (the trap)", out.PK, err)
	}

	//idvet:allow SILENT the test measures the default that loses ids
	expr, err := expression.NewBuilder().WithKeyCondition(expression.Key("pk").Equal(expression.Value(a))).Build()
	if err != nil {
		t.Fatal(err)
	}
	v, ok := expr.Values()[":0"].(*types.AttributeValueMemberM)
	if !ok || len(v.Value) != 0 {
		t.Fatalf(":0 is %#v, want M{} (the trap: the condition never matches)", expr.Values()[":0"])
	}

	// Reading the text that the recipes write, into a plain id.ID, is an
	// error without the option: attributevalue refuses a string for a struct.
	//idvet:allow SILENT the test measures the default that loses ids
	err = attributevalue.Unmarshal(&types.AttributeValueMemberS{Value: aText}, &out.PK)
	if err == nil || err.Error() != "unmarshal failed, cannot unmarshal string into Go value type id.ID" {
		t.Fatalf("reading S into id.ID without the option: %v", err)
	}
}

// TestDynamoDBWrapperRoundTrip: with iddynamo.ID the item round-trips with
// no option on any call: the id is the string S of its 26 lowercase
// characters, a slice is a list of strings, a nil *iddynamo.ID is left out
// with omitempty and reads back as nil, and expression.Value builds
// ":0 = S(id)".
func TestDynamoDBWrapperRoundTrip(t *testing.T) {
	buyer := iddynamo.ID{ID: b}
	for _, in := range []dynamoItem{
		{PK: iddynamo.ID{ID: a}, Tags: []iddynamo.ID{{ID: a}, {ID: b}}},
		{PK: iddynamo.ID{ID: a}, Buyer: &buyer},
	} {
		m, err := attributevalue.MarshalMap(in)
		if err != nil {
			t.Fatal(err)
		}
		if s, ok := m["pk"].(*types.AttributeValueMemberS); !ok || s.Value != aText {
			t.Fatalf("pk is %#v, want S(%q)", m["pk"], aText)
		}
		_, hasBuyer := m["buyer"]
		if hasBuyer != (in.Buyer != nil) {
			t.Fatalf("buyer present %v for %v", hasBuyer, in.Buyer)
		}
		if in.Tags != nil {
			l := m["tags"].(*types.AttributeValueMemberL).Value
			if len(l) != 2 || l[0].(*types.AttributeValueMemberS).Value != aText || l[1].(*types.AttributeValueMemberS).Value != bText {
				t.Fatalf("tags are %#v", l)
			}
		}
		var out dynamoItem
		if err := attributevalue.UnmarshalMap(m, &out); err != nil {
			t.Fatal(err)
		}
		if out.PK != in.PK || len(out.Tags) != len(in.Tags) || (in.Buyer == nil) != (out.Buyer == nil) {
			t.Fatalf("round trip of %#v gave %#v", in, out)
		}
		for i := range in.Tags {
			if out.Tags[i] != in.Tags[i] {
				t.Fatalf("tag %d: %v, want %v", i, out.Tags[i], in.Tags[i])
			}
		}
		if in.Buyer != nil && *out.Buyer != *in.Buyer {
			t.Fatalf("buyer %v, want %v", *out.Buyer, *in.Buyer)
		}
	}

	expr, err := expression.NewBuilder().WithKeyCondition(expression.Key("pk").Equal(expression.Value(iddynamo.ID{ID: a}))).Build()
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := expr.Values()[":0"].(*types.AttributeValueMemberS); !ok || s.Value != aText {
		t.Fatalf(":0 is %#v, want S(%q)", expr.Values()[":0"], aText)
	}
}

// TestDynamoDBWrapperRefusesZero: writing the zero id fails with
// id.ErrZero, at the top level, in a list and in a map. expression.Value
// of the zero id fails too, but expression v1.10.9 drops the cause: its
// error is "BuildOperand error: invalid parameter: ValueBuilder" and does
// not wrap id.ErrZero (theirs; the call still fails).
func TestDynamoDBWrapperRefusesZero(t *testing.T) {
	for _, v := range []any{
		dynamoItem{},
		dynamoItem{PK: iddynamo.ID{ID: a}, Tags: []iddynamo.ID{{ID: a}, {}}},
		map[string]any{"owner": iddynamo.ID{}},
	} {
		_, err := attributevalue.MarshalMap(v)
		wantZero(t, err)
	}
	_, err := expression.NewBuilder().WithKeyCondition(expression.Key("pk").Equal(expression.Value(iddynamo.ID{}))).Build()
	if err == nil || err.Error() != "BuildOperand error: invalid parameter: ValueBuilder" {
		t.Fatalf("expression.Value of the zero id: %v", err)
	}
}

// TestDynamoDBWrapperReadIsStrict: reading is as strict as Scan: stored
// uppercase, empty, corrupt and zero ids are *id.ParseErrors, NULL is
// id.ErrNull, another attribute type is an error naming it; every error
// wraps id.ErrInvalid through attributevalue's own error, and leaves the
// id zero.
func TestDynamoDBWrapperReadIsStrict(t *testing.T) {
	for _, c := range badStored {
		t.Run(c.name, func(t *testing.T) {
			out := dynamoItem{PK: iddynamo.ID{ID: b}}
			err := attributevalue.UnmarshalMap(map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: c.v}}, &out)
			wantReason(t, err, c.reason)
			if !out.PK.IsZero() {
				t.Fatalf("after the error the id is %v, want zero", out.PK)
			}
		})
	}
	t.Run("NULL", func(t *testing.T) {
		var out dynamoItem
		err := attributevalue.UnmarshalMap(map[string]types.AttributeValue{"pk": &types.AttributeValueMemberNULL{Value: true}}, &out)
		wantInvalid(t, err)
		if !strings.Contains(err.Error(), "id: cannot read DynamoDB NULL into iddynamo.ID") {
			t.Fatalf("NULL: %v", err)
		}
		// An optional attribute: NULL into *iddynamo.ID is nil, no error.
		out.Buyer = &iddynamo.ID{ID: a}
		err = attributevalue.UnmarshalMap(map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: aText}, "buyer": &types.AttributeValueMemberNULL{Value: true}}, &out)
		if err != nil || out.Buyer != nil {
			t.Fatalf("NULL into *iddynamo.ID: %v, %v; want nil and no error", out.Buyer, err)
		}
	})
	for _, c := range []struct {
		av   types.AttributeValue
		name string
	}{
		{&types.AttributeValueMemberN{Value: "7"}, "number (N)"},
		{&types.AttributeValueMemberB{Value: []byte(aText)}, "binary (B)"},
		{&types.AttributeValueMemberM{}, "map (M)"},
		{&types.AttributeValueMemberL{}, "list (L)"},
		{&types.AttributeValueMemberBOOL{Value: true}, "boolean (BOOL)"},
		{&types.AttributeValueMemberSS{Value: []string{aText}}, "string set (SS)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out dynamoItem
			err := attributevalue.UnmarshalMap(map[string]types.AttributeValue{"pk": c.av}, &out)
			wantInvalid(t, err)
			if want := "id: cannot read DynamoDB " + c.name + " into id.ID"; !strings.Contains(err.Error(), want) {
				t.Fatalf("error %q does not contain %q", err, want)
			}
		})
	}
}

// encoding and decoding are the options of the second recipe.
var (
	encoding = func(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true }
	decoding = func(o *attributevalue.DecoderOptions) { o.UseEncodingUnmarshalers = true }
)

// TestDynamoDBEncodingOptions measures the second recipe, plain id.ID with
// the options on every call: it round-trips and refuses to write the zero
// id (MarshalText returns id.ErrZero), reads empty and corrupt strings as
// errors wrapping id.ErrInvalid, but accepts a stored uppercase id
// (UnmarshalText is the decoder of outside text), which is why the
// wrapper is the recipe.
func TestDynamoDBEncodingOptions(t *testing.T) {
	m, err := attributevalue.MarshalMapWithOptions(dynamoPlain{PK: a, Tags: []id.ID{a, b}}, encoding)
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := m["pk"].(*types.AttributeValueMemberS); !ok || s.Value != aText {
		t.Fatalf("pk is %#v, want S(%q)", m["pk"], aText)
	}
	var out dynamoPlain
	if err := attributevalue.UnmarshalMapWithOptions(m, &out, decoding); err != nil {
		t.Fatal(err)
	}
	if out.PK != a || len(out.Tags) != 2 || out.Tags[0] != a || out.Tags[1] != b {
		t.Fatalf("round trip gave %#v", out)
	}
	expr, err := expression.NewBuilder().WithKeyCondition(expression.Key("pk").Equal(expression.ValueWithOptions(a, func(o *expression.ValueBuilderOptions) {
		o.EncoderOptions = append(o.EncoderOptions, encoding)
	}))).Build()
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := expr.Values()[":0"].(*types.AttributeValueMemberS); !ok || s.Value != aText {
		t.Fatalf(":0 is %#v", expr.Values()[":0"])
	}

	_, err = attributevalue.MarshalMapWithOptions(dynamoPlain{}, encoding)
	wantZero(t, err)

	for _, c := range badStored {
		t.Run(c.name, func(t *testing.T) {
			out := dynamoPlain{PK: b}
			err := attributevalue.UnmarshalMapWithOptions(map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: c.v}}, &out, decoding)
			if c.reason == id.ReasonCase {
				if err != nil || out.PK != a {
					t.Fatalf("uppercase with the option: %v, %v; want a and no error (accepted)", out.PK, err)
				}
				return
			}
			wantReason(t, err, c.reason)
		})
	}
}
