% run: dump
% pins: type aliases, including a union [vec|mat|cube] and a function type
type anyarray : [vec|mat|cube]
type matrix_type : [vec|mat|cube|cvec|cmat|ccube]
type bytes : vec[uint8]
type binop : [(scalar, scalar) -> scalar]
% expect: (type anyarray [vec|mat|cube])
% expect: (type matrix_type [vec|mat|cube|cvec|cmat|ccube])
% expect: (type bytes vec[uint8])
% expect: (type binop [(scalar, scalar) -> scalar])
