"""The fishing games dln knows: what each game decides for itself, and the table mechanics they share."""
