package convencional;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** {@code POST /v1/pedidos} and {@code GET /v1/pedidos}, with the service's rules and shapes. */
@RestController
class PedidoController {

    private static final Set<String> STATUS = Set.of("PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO",
            "ENTREGUE", "CANCELADO");

    private final Pedidos pedidos;

    PedidoController(Pedidos pedidos) {
        this.pedidos = pedidos;
    }

    @PostMapping(path = "/v1/pedidos", consumes = "application/json", produces = "application/json")
    ResponseEntity<Map<String, Object>> criar(@RequestBody(required = false) CorpoDePedido corpo,
                                              HttpServletRequest requisicao) {
        String tipo = Validacao.conferir(corpo);
        Map<String, Object> pedido = pedidos.criar((String) requisicao.getAttribute(Admissao.LOJA), tipo, corpo);
        return ResponseEntity.status(HttpStatus.CREATED).location(URI.create("/v1/pedidos/" + pedido.get("id")))
                             .body(pedido);
    }

    @GetMapping(path = "/v1/pedidos", produces = "application/json")
    Map<String, Object> listar(@RequestParam(required = false) String status,
                               @RequestParam(required = false) String desde,
                               @RequestParam(required = false) String ate,
                               @RequestParam(required = false) Integer page,
                               @RequestParam(required = false) Integer limite,
                               HttpServletRequest requisicao) {
        int pagina = page == null ? 1 : page;
        int tamanho = limite == null ? 50 : limite;
        if (pagina < 1) {
            throw Erro.invalido("page deve ser 1 ou mais");
        }
        if (tamanho < 1 || tamanho > 100) {
            throw Erro.invalido("limite deve estar entre 1 e 100");
        }
        if (status != null && !STATUS.contains(status)) {
            throw Erro.invalido("status inválido");
        }
        Instant inicio = instante(desde, "desde");
        Instant fim = instante(ate, "ate");
        if (inicio != null && fim != null && inicio.isAfter(fim)) {
            throw Erro.invalido("desde deve ser anterior ou igual a ate");
        }
        Pedidos.Pagina resultado = pedidos.listar((String) requisicao.getAttribute(Admissao.LOJA), status, inicio,
                fim, pagina, tamanho);
        Map<String, Object> paginacao = new LinkedHashMap<>();
        paginacao.put("page", pagina);
        paginacao.put("limite", tamanho);
        paginacao.put("total", resultado.total());
        paginacao.put("totalPaginas", (resultado.total() + tamanho - 1) / tamanho);
        Map<String, Object> corpo = new LinkedHashMap<>();
        corpo.put("pedidos", resultado.pedidos());
        corpo.put("paginacao", paginacao);
        return corpo;
    }

    private static Instant instante(String valor, String campo) {
        if (valor == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(valor).toInstant();
        } catch (DateTimeParseException e) {
            throw Erro.invalido(campo + " deve ser uma data-hora ISO-8601 com fuso");
        }
    }
}
