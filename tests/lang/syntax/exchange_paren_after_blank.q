% run: dump
% pins: ' <-' followed directly by '(' is a compare-exchange
a[0] <-(e, n)
old = a[0] <- (e, n)
% expect: (<- (index a 0) (tuple e n))
% expect: (= old (<- (index a 0) (tuple e n)))
