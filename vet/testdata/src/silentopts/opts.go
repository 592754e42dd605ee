// Package silentopts declares DynamoDB option funcs in a package of their
// own: idsilent knows what they set from its facts.
package silentopts

import "github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

// Marshalers sets the fix, through a helper.
func Marshalers(o *attributevalue.EncoderOptions) { enable(o) } // want Marshalers:"sets .*EncoderOptions.UseEncodingMarshalers"

func enable(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true } // want enable:"sets"

// Unmarshalers sets the decoding fix with a literal.
func Unmarshalers(o *attributevalue.DecoderOptions) { // want Unmarshalers:"sets .*DecoderOptions.UseEncodingUnmarshalers"
	*o = attributevalue.DecoderOptions{UseEncodingUnmarshalers: true}
}

// JSONTags sets something else.
func JSONTags(o *attributevalue.EncoderOptions) { o.TagKey = "json" }

// Text is an options func in a package-level variable.
var Text = func(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true } // want Text:"sets .*EncoderOptions.UseEncodingMarshalers"

// Later is assigned in init: what it sets is not known.
var Later func(o *attributevalue.EncoderOptions)

func init() { Later = JSONTags }
