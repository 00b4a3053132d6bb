#!/bin/sh
# Starts a child that would outlive a careless timeout, records its pid, hangs.
sleep 60 &
echo $! > "$1"
sleep 60
