"""Several workers of one server: the bus and its Redis form, leases, sockets relayed to owners."""
