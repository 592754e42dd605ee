package typedembed

type Item struct {
	OrderID // want `Item embeds OrderID beside other fields, so JSON, database/sql and fmt treat an Item as its id`
	N       int
}
