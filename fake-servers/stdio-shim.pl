# The command a host spawns for a stdio fake server where perl is there (the relay checks once, see
# stdio-relay.ts): the same relay protocol as stdio-shim.cjs for about a tenth of node's start-up CPU (a
# default stdio run spawns thousands of shims). Core perl only, no module loaded on Linux, where
# Socket.pm alone would cost three times perl's own start: the constants and the sockaddr_un layout
# are fixed there; elsewhere the Socket module supplies them.
#
# argv: <path of the relay's socket>; env: MCP_COLLIDE_RELAY_TOKEN=<token> (never on the command line,
# which every local user can read). Protocol: send "<token>\n"; the relay answers one ACK byte (0x06)
# and then speaks MCP stdio framing; a refused token gets the socket closed without the ACK.
# Exit status: 1 when the relay is unreachable or refuses, 0 when the session ends after acceptance.
# What the host wrote before its stdin ended is flushed (the relay records every message): stdin's end
# half-closes the socket and the shim leaves when the relay has closed its side too. An EOT byte (0x04)
# from the relay, which no JSON text holds raw, closes stdout: the shim runs on, writing nothing more, until
# the relay or stdin ends (a server down as stdout-closed).
my ($path) = @ARGV;
my $token = $ENV{MCP_COLLIDE_RELAY_TOKEN};
if (!defined $path || $path eq '' || !defined $token || $token eq '') {
  print STDERR "usage: MCP_COLLIDE_RELAY_TOKEN=<token> stdio-shim.pl <relay socket path>\n";
  exit 1;
}
$SIG{PIPE} = 'IGNORE';

my ($family, $type, $address);
if ($^O eq 'linux') {
  ($family, $type) = (1, 1);    # AF_UNIX, SOCK_STREAM
  $address = pack('S Z*', 1, $path);
} else {
  require Socket;
  ($family, $type) = (Socket::AF_UNIX(), Socket::SOCK_STREAM());
  $address = Socket::pack_sockaddr_un($path);
}
socket(my $relay, $family, $type, 0) or exit 1;
connect($relay, $address) or exit 1;
binmode $relay;
binmode STDIN;
binmode STDOUT;
send_all($relay, "$token\n") or exit 1;
my $ack = '';
sysread($relay, $ack, 1) == 1 && $ack eq "\x06" or exit 1;

my $in_open = defined fileno(STDIN);
my $out_open = 1;
my $buffer;
while (1) {
  my $readable = '';
  vec($readable, fileno($relay), 1) = 1;
  vec($readable, fileno(STDIN), 1) = 1 if $in_open;
  if (select($readable, undef, undef, undef) < 0) {
    next if $! == 4;    # EINTR (4 on Linux and the BSDs)
    exit 0;
  }
  if ($in_open && vec($readable, fileno(STDIN), 1)) {
    my $n = sysread(STDIN, $buffer, 65536);
    if (!$n) {
      $in_open = 0;
      shutdown($relay, 1);    # SHUT_WR: the relay reads what is left, then closes its side
    } elsif (!send_all($relay, $buffer)) {
      exit 0;
    }
  }
  if (vec($readable, fileno($relay), 1)) {
    my $n = sysread($relay, $buffer, 65536);
    exit 0 if !$n;
    next if !$out_open;
    my $eot = index($buffer, "\x04");
    if ($eot >= 0) {
      send_all(\*STDOUT, substr($buffer, 0, $eot)) if $eot > 0;
      close(STDOUT);
      $out_open = 0;
      next;
    }
    send_all(\*STDOUT, $buffer) or exit 0;
  }
}

sub send_all {
  my ($handle, $data) = @_;
  while (length $data) {
    my $written = syswrite($handle, $data);
    return 0 if !defined $written;
    substr($data, 0, $written) = '';
  }
  return 1;
}
