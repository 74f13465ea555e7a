"""Online play without a window: hosting a server, announcing it, getting seated, keeping the seat.

The Play online screens (:mod:`jayden_jazz.scenes.online`) draw and ask;
what they drive lives here, with no pygame and nothing of the screens, so
it can be used and tested on its own. Each piece is set up by what it is
given -- an :class:`~.config.OnlineConfig`, a listen address, server
options -- never by module globals changed from outside.

    config     OnlineConfig: loopback or LAN, server and client options, patience, the LAN browser
    hosting    Hosting: this machine's game server, a subprocess kept going and reaped
    announce   Announcement: the hosted game on the LAN's list (mDNS), in threads of its own
    connector  Connector (hello, create, join; one update a tick) and Link (the seat it ends with)
    words      the server's errors in a player's words; addresses and join codes read
    session    online.yaml: the unfinished game that Continue offers
"""
