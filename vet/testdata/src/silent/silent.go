// Package silent seeds the sinks idsilent reports, each with its clean
// twin carrying the fix.
package silent

import (
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/go-viper/mapstructure/v2"
	"github.com/gocql/gocql"
	"github.com/idkeys/id"
	"github.com/knadh/koanf/providers/confmap"
	"github.com/knadh/koanf/providers/structs"
	"google.golang.org/protobuf/types/known/structpb"
	"zombiezen.com/go/sqlite"
	"zombiezen.com/go/sqlite/sqlitex"

	"silentopts"
)

type UserID struct{ id.ID }

type User struct {
	ID    UserID
	Name  string
	Teams []id.ID
}

type Order struct {
	ID     id.ID
	Owner  *User
	secret id.ID
}

// Tagged is a plain struct without ids.
type Tagged struct {
	Name string
	ref  id.ID // unexported: reflection does not reach it
}

// Skipped has its id skipped by DynamoDB's and mapstructure's tags.
type Skipped struct {
	Name string
	ID   id.ID `dynamodbav:"-" mapstructure:"-"`
	Ref  id.ID `dynamodbav:"ref,omitempty"`
}

// Wrapped has DynamoDB's and gocql's own marshalers.
type Wrapped struct{ id.ID }

func (Wrapped) MarshalDynamoDBAttributeValue() (types.AttributeValue, error) { return nil, nil }
func (*Wrapped) UnmarshalDynamoDBAttributeValue(types.AttributeValue) error  { return nil }
func (Wrapped) MarshalCQL(info gocql.TypeInfo) ([]byte, error)               { return nil, nil }
func (*Wrapped) UnmarshalCQL(info gocql.TypeInfo, data []byte) error         { return nil }

func enc(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true }   // want enc:"sets \\[github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue.EncoderOptions.UseEncodingMarshalers\\]"
func dec(o *attributevalue.DecoderOptions) { o.UseEncodingUnmarshalers = true } // want dec:"sets \\[github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue.DecoderOptions.UseEncodingUnmarshalers\\]"
func off(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = false }

var (
	encoding = func(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true } // want encoding:"sets"
	tags     = func(o *attributevalue.EncoderOptions) { o.TagKey = "json" }
)

func dynamo(u User, o Order, x id.ID, av types.AttributeValue, m map[string]types.AttributeValue, l []types.AttributeValue, lm []map[string]types.AttributeValue, opts []func(*attributevalue.EncoderOptions), mk func() func(*attributevalue.EncoderOptions)) {
	_, _ = attributevalue.MarshalMap(u) // want `^attributevalue\.MarshalMap\ writes\ the\ id\.ID\ in\ User\ as\ an\ empty\ map\ M\{\}\ \(SILENT\):\ use\ attributevalue\.MarshalMapWithOptions\ with\ UseEncodingMarshalers$`
	_, _ = attributevalue.MarshalMapWithOptions(u, enc)
	_, _ = attributevalue.Marshal(x) // want `^attributevalue\.Marshal writes an id\.ID as an empty map M\{\} \(SILENT\): use attributevalue\.MarshalWithOptions`
	_, _ = attributevalue.MarshalWithOptions(x, func(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true })
	_, _ = attributevalue.MarshalList([]Order{o}) // want `^attributevalue\.MarshalList writes the id\.ID in \[\]Order as an empty map`
	_, _ = attributevalue.MarshalListWithOptions([]Order{o}, silentopts.Marshalers)

	// The options form without the option, or with it switched off.
	_, _ = attributevalue.MarshalMapWithOptions(&o)                              // want `^attributevalue\.MarshalMapWithOptions\ writes\ the\ id\.ID\ in\ \*Order\ as\ an\ empty\ map\ M\{\}\ without\ UseEncodingMarshalers\ \(SILENT\):\ set\ UseEncodingMarshalers\ in\ its\ options\ func$`
	_, _ = attributevalue.MarshalWithOptions(u, off)                             // want `MarshalWithOptions writes the id\.ID in User`
	_, _ = attributevalue.MarshalListWithOptions([]User{u}, silentopts.JSONTags) // want `MarshalListWithOptions writes the id\.ID in \[\]User`
	_, _ = attributevalue.MarshalWithOptions(u, silentopts.JSONTags, enc)
	set := enc
	_, _ = attributevalue.MarshalWithOptions(u, set)
	_, _ = attributevalue.MarshalWithOptions(u, encoding)
	_, _ = attributevalue.MarshalWithOptions(u, silentopts.Text)
	_, _ = attributevalue.MarshalWithOptions(u, tags) // want `MarshalWithOptions writes the id\.ID in User`
	// Options it cannot see: quiet.
	_, _ = attributevalue.MarshalWithOptions(u, silentopts.Later)
	_, _ = attributevalue.MarshalWithOptions(u, opts...)
	_, _ = attributevalue.MarshalWithOptions(u, mk())

	// Suppressed with a reason; a directive without one suppresses nothing.
	_, _ = attributevalue.MarshalMap(u) //idvet:allow SILENT this line shows the default on purpose
	//idvet:allow SILENT the line below too
	_, _ = attributevalue.MarshalMap(u)
	_, _ = attributevalue.MarshalMap(u) //idvet:allow SILENT // want `MarshalMap writes the id\.ID in User .*\(the //idvet:allow SILENT comment here suppresses nothing without a reason\)$`
	_, _ = attributevalue.MarshalMap(u) //idvet:allow TYPED not this rule // want `MarshalMap writes`

	// Values without ids, or with their own marshaler.
	_, _ = attributevalue.MarshalMap(Tagged{Name: "a"})
	_, _ = attributevalue.Marshal(x.String())
	_, _ = attributevalue.MarshalMap(Wrapped{x})
	_, _ = attributevalue.MarshalMap(struct {
		ID id.ID `dynamodbav:"-"`
	}{x})
	_, _ = attributevalue.MarshalMap(Skipped{}) // want `MarshalMap writes the id\.ID in Skipped`

	// Reading.
	_ = attributevalue.UnmarshalMap(m, &u) // want `^attributevalue\.UnmarshalMap\ reads\ the\ id\.ID\ in\ \*User\ without\ its\ UnmarshalText,\ an\ M\{\}\ as\ the\ zero\ id\ \(SILENT\):\ use\ attributevalue\.UnmarshalMapWithOptions\ with\ UseEncodingUnmarshalers$`
	_ = attributevalue.UnmarshalMapWithOptions(m, &u, dec)
	_ = attributevalue.Unmarshal(av, &x) // want `^attributevalue\.Unmarshal reads a \*id\.ID without`
	_ = attributevalue.UnmarshalWithOptions(av, &x, silentopts.Unmarshalers)
	_ = attributevalue.UnmarshalList(l, &[]id.ID{}) // want `^attributevalue\.UnmarshalList reads the id\.ID in \*\[\]id\.ID`
	_ = attributevalue.UnmarshalListWithOptions(l, &[]id.ID{}, dec)
	var orders []Order
	_ = attributevalue.UnmarshalListOfMaps(lm, &orders) // want `^attributevalue\.UnmarshalListOfMaps reads the id\.ID in \*\[\]Order`
	_ = attributevalue.UnmarshalListOfMapsWithOptions(lm, &orders, func(o *attributevalue.DecoderOptions) {
		o.UseEncodingUnmarshalers = true
	})
	_ = attributevalue.UnmarshalMapWithOptions(m, &u) // want `^attributevalue\.UnmarshalMapWithOptions\ reads\ the\ id\.ID\ in\ \*User\ without\ its\ UnmarshalText,\ an\ M\{\}\ as\ the\ zero\ id\ \(SILENT\):\ set\ UseEncodingUnmarshalers\ in\ its\ options\ func$`
	_ = attributevalue.UnmarshalListOfMapsWithOptions(lm, &orders, silentopts.Unmarshalers)
	_ = attributevalue.UnmarshalMap(m, &Wrapped{})
	var w Wrapped
	_ = attributevalue.Unmarshal(av, &w)

	// Encoder and Decoder.
	e := attributevalue.NewEncoder()
	_, _ = e.Encode(u) // want `^attributevalue\.Encoder\.Encode\ writes\ the\ id\.ID\ in\ User\ as\ an\ empty\ map\ M\{\}\ \(SILENT\):\ make\ the\ encoder\ with\ UseEncodingMarshalers\ set$`
	good := attributevalue.NewEncoder(enc)
	_, _ = good.Encode(u)
	_, _ = attributevalue.NewEncoder(silentopts.JSONTags).Encode(x) // want `Encoder\.Encode writes an id\.ID`
	_, _ = attributevalue.NewEncoder(silentopts.Marshalers).Encode(x)
	d := attributevalue.NewDecoder()
	_ = d.Decode(av, &u) // want `^attributevalue\.Decoder\.Decode\ reads\ the\ id\.ID\ in\ \*User\ without\ its\ UnmarshalText,\ an\ M\{\}\ as\ the\ zero\ id\ \(SILENT\):\ make\ the\ decoder\ with\ UseEncodingUnmarshalers\ set$`
	_ = attributevalue.NewDecoder(dec).Decode(av, &u)
}

func conditions(x id.ID, u User) {
	_ = expression.Name("owner").Equal(expression.Value(x)) // want `^expression\.Value\ encodes\ an\ id\.ID\ as\ an\ empty\ map\ M\{\},\ so\ nothing\ matches\ it\ \(SILENT\):\ pass\ the\ text\ of\ v\.Value\(\),\ or\ use\ expression\.ValueWithOptions\ with\ UseEncodingMarshalers$`
	_ = expression.Name("owner").Equal(expression.Value(x.String()))
	_ = expression.Key("pk").Equal(expression.Value(u.ID))         // want `expression\.Value encodes the id\.ID in UserID`
	_ = expression.Key("pk").Equal(expression.ValueWithOptions(x)) // want `^expression\.ValueWithOptions\ encodes\ an\ id\.ID\ as\ an\ empty\ map\ M\{\}\ without\ UseEncodingMarshalers\ \(SILENT\):\ set\ UseEncodingMarshalers\ in\ o\.EncoderOptions,\ or\ pass\ the\ text\ of\ v\.Value\(\)$`
	_ = expression.Key("pk").Equal(expression.ValueWithOptions(x, func(o *expression.ValueBuilderOptions) {
		o.EncoderOptions = append(o.EncoderOptions, enc)
	}))
	_ = expression.Key("pk").Equal(expression.ValueWithOptions(x, func(o *expression.ValueBuilderOptions) {
		o.EncoderOptions = append(o.EncoderOptions, func(e *attributevalue.EncoderOptions) { e.UseEncodingMarshalers = true })
	}))
	_ = expression.Key("pk").Equal(expression.ValueWithOptions(x, func(o *expression.ValueBuilderOptions) {
		o.EncoderOptions = append(o.EncoderOptions, encoding)
	}))
	_ = expression.Key("pk").Equal(expression.ValueWithOptions(x, func(o *expression.ValueBuilderOptions) {
		o.EncoderOptions = append(o.EncoderOptions, silentopts.Text)
	}))
	_ = expression.Key("pk").Equal(expression.ValueWithOptions(x, func(o *expression.ValueBuilderOptions) { // want `expression\.ValueWithOptions encodes an id\.ID`
		o.EncoderOptions = append(o.EncoderOptions, silentopts.JSONTags)
	}))
}

func protobuf(x id.ID, u User, xs []id.ID) {
	_, _ = structpb.NewValue(x) // want `^structpb\.NewValue\ refuses\ an\ id\.ID\ with\ an\ error,\ invalid\ type\ \(SILENT\):\ pass\ the\ text\ of\ v\.Value\(\)$`
	_, _ = structpb.NewValue(x.String())
	_, _ = structpb.NewStruct(map[string]any{"owner": u.ID, "name": u.Name}) // want `^structpb\.NewStruct\ refuses\ the\ id\.ID\ in\ UserID\ with\ an\ error,\ invalid\ type\ \(SILENT\):\ pass\ the\ text\ of\ v\.Value\(\)$`
	_, _ = structpb.NewStruct(map[string]any{"owner": u.ID.String(), "name": u.Name})
	fields := map[string]any{"name": u.Name}
	fields["owner"] = x // want `^structpb\.NewStruct refuses an id\.ID`
	_, _ = structpb.NewStruct(fields)
	clean := map[string]any{"name": u.Name}
	clean["owner"] = x.String()
	_, _ = structpb.NewStruct(clean)
	_, _ = structpb.NewList([]any{"a", xs}) // want `^structpb\.NewList refuses the id\.ID in \[\]id\.ID`
	_, _ = structpb.NewList([]any{"a", x.String()})
	var items []any
	items = append(items, x) // want `structpb\.NewList refuses an id\.ID`
	_, _ = structpb.NewList(items)
}

type Config struct {
	Listen string
	Admins map[id.ID]int
}

func koanf(cfg Config, x id.ID) {
	_ = structs.Provider(cfg, "koanf")                    // want `^structs\.Provider\ gives\ koanf\ the\ id\.ID\ in\ Config,\ which\ copystructure\ copies\ as\ the\ zero\ id\ \(SILENT\):\ register\ a\ copystructure\ copier\ for\ id\.ID\ in\ this\ package\ or\ one\ it\ imports$`
	_ = structs.ProviderWithDelim(&cfg, "koanf", ".")     // want `^structs\.ProviderWithDelim gives koanf the id\.ID in \*Config`
	_ = confmap.Provider(map[string]any{"owner": x}, ".") // want `^confmap\.Provider gives koanf an id\.ID`
	// No id: nothing to lose (the clean twins with the registration are
	// in silentkoanf and silentkoanflocal).
	_ = structs.Provider(Tagged{}, "koanf")
	_ = confmap.Provider(map[string]any{"owner": x.String()}, ".")
}

func decode(u User, o Order, in map[string]any) {
	var out map[string]any
	_ = mapstructure.Decode(u, &out)                 // want `^mapstructure\.Decode into a map turns the id\.ID in User into map\[string\]any\{\} \(SILENT\): build the map yourself with v\.String\(\)$`
	_ = mapstructure.WeakDecode(&o, &out)            // want `^mapstructure\.WeakDecode into a map turns the id\.ID in \*Order`
	_ = mapstructure.DecodeMetadata(u, &out, nil)    // want `^mapstructure\.DecodeMetadata into a map`
	_ = mapstructure.WeakDecodeMetadata(u, out, nil) // want `^mapstructure\.WeakDecodeMetadata into a map`
	// Map to struct is the direction that works (with the text hook).
	_ = mapstructure.Decode(in, &u)
	var other Tagged
	_ = mapstructure.Decode(u, &other)
	_ = mapstructure.Decode(Tagged{}, &out)
	_ = mapstructure.Decode(struct {
		ID   id.ID `mapstructure:"-"`
		Name string
	}{}, &out)

	dm, _ := mapstructure.NewDecoder(&mapstructure.DecoderConfig{Result: &out})
	_ = dm.Decode(u) // want `^mapstructure\.Decoder\.Decode with a map Result turns the id\.ID in User into map\[string\]any\{\}`
	cfg := &mapstructure.DecoderConfig{DecodeHook: mapstructure.TextUnmarshallerHookFunc(), Result: &u}
	ds, _ := mapstructure.NewDecoder(cfg)
	_ = ds.Decode(in)
	_ = ds.Decode(o) // want `^mapstructure\.Decoder\.Decode into another struct type turns the id\.ID in Order into the zero id \(SILENT\): copy the fields yourself$`
	// Struct to another struct type goes through a map of the fields.
	_ = mapstructure.Decode(o, &u)      // want `^mapstructure\.Decode into another struct type turns the id\.ID in Order into the zero id \(SILENT\)`
	_ = mapstructure.WeakDecode(&u, &o) // want `^mapstructure\.WeakDecode into another struct type turns the id\.ID in \*User`
	var u2 User
	_ = mapstructure.Decode(u, &u2) // the same type is copied whole
	_ = ds.Decode(u)
	_ = mapstructure.Decode(Tagged{}, &u)
}

func sqlite3(conn *sqlite.Conn, x id.ID, p *id.ID, xs []id.ID) {
	_ = sqlitex.Execute(conn, "INSERT INTO t VALUES (?, ?)", &sqlitex.ExecOptions{
		Args: []any{x, "a"}, // want `^sqlitex\.ExecOptions\.Args\ stores\ an\ id\.ID\ as\ fmt\ prints\ it,\ a\ nil\ \*id\.ID\ as\ "<nil>"\ and\ the\ zero\ id\ as\ ""\ \(SILENT\):\ pass\ the\ text\ of\ v\.Value\(\)$`
	})
	_ = sqlitex.Execute(conn, "INSERT INTO t VALUES (?, ?)", &sqlitex.ExecOptions{
		Args: []any{x.String(), "a"},
	})
	args := []any{p} // want `^sqlitex\.ExecOptions\.Args stores a \*id\.ID as fmt prints it`
	_ = sqlitex.ExecuteTransient(conn, "SELECT * FROM t WHERE id = ?", &sqlitex.ExecOptions{Args: args})
	opts := sqlitex.ExecOptions{Named: map[string]any{":ids": xs}} // want `^sqlitex\.ExecOptions\.Named stores the id\.ID in \[\]id\.ID`
	_ = sqlitex.ExecuteScript(conn, "SELECT 1", &opts)
	_ = sqlitex.ExecuteScript(conn, "SELECT 1", &sqlitex.ExecOptions{Named: map[string]any{":id": x.String()}})
	_ = sqlitex.Exec(conn, "INSERT INTO t VALUES (?)", nil, x) // want `^sqlitex\.Exec stores an id\.ID as fmt prints it`
	_ = sqlitex.Exec(conn, "INSERT INTO t VALUES (?)", nil, x.String())
	_ = sqlitex.ExecTransient(conn, "INSERT INTO t VALUES (?)", nil, "a", UserID{x}) // want `^sqlitex\.ExecTransient stores the id\.ID in UserID`
	_ = sqlitex.ExecTransient(conn, "INSERT INTO t VALUES (?)", nil, "a", UserID{x}.String())
}

func cassandra(s *gocql.Session, b *gocql.Batch, x id.ID, u User) {
	_ = s.Query("SELECT * FROM users WHERE id = ?", x).Exec() // want `^gocql\.Session\.Query\ cannot\ marshal\ an\ id\.ID,\ which\ has\ no\ MarshalCQL\ \(SILENT\):\ use\ idgocql\.ID,\ or\ pass\ the\ text\ of\ v\.Value\(\)$`
	_ = s.Query("SELECT * FROM users WHERE id = ?", x.String()).Exec()
	_ = s.Query("SELECT * FROM users WHERE id = ?").Bind("a", u.ID).Exec() // want `^gocql\.Query\.Bind cannot marshal the id\.ID in UserID`
	_ = s.Query("SELECT * FROM users WHERE id = ?").Bind("a", u.ID.String()).Exec()
	b.Query("INSERT INTO users (id) VALUES (?)", x) // want `^gocql\.Batch\.Query cannot marshal an id\.ID`
	b.Query("INSERT INTO users (id) VALUES (?)", Wrapped{x})
	vals := []any{x} // want `gocql\.Session\.Query cannot marshal an id\.ID`
	_ = s.Query("SELECT * FROM users WHERE id = ?", vals...).Exec()

	_, _ = gocql.Marshal(nil, x) // want `^gocql\.Marshal\ cannot\ marshal\ an\ id\.ID,\ which\ has\ no\ MarshalCQL\ \(SILENT\):\ use\ idgocql\.ID,\ or\ pass\ the\ text\ of\ v\.Value\(\)$`
	_, _ = gocql.Marshal(nil, x.String())
	_, _ = gocql.Marshal(nil, []Wrapped{{x}})
	var out id.ID
	_ = gocql.Unmarshal(nil, nil, &out) // want `^gocql\.Unmarshal cannot unmarshal into a \*id\.ID, which has no UnmarshalCQL \(SILENT\): read a string and parse it with id\.Parse$`
	var w Wrapped
	ptr := &w
	_ = gocql.Unmarshal(nil, nil, &w)
	_ = gocql.Unmarshal(nil, nil, &ptr)
	var name string
	_ = s.Query("SELECT id, name FROM users").Scan(&out, &name) // want `^gocql\.Query\.Scan cannot unmarshal into a \*id\.ID`
	_ = s.Query("SELECT id, name FROM users").Scan(&w, &name)
	it := s.Query("SELECT id FROM users").Iter()
	for it.Scan(&u) { // want `^gocql\.Iter\.Scan cannot unmarshal into the id\.ID in \*User`
	}
	var text string
	for it.Scan(&text) {
	}
}
