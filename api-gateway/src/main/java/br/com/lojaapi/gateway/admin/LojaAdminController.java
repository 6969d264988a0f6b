package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.command.comum.Campos;
import br.com.lojaapi.coreapi.loja.AtualizarLojaCommand;
import br.com.lojaapi.coreapi.loja.CriarLojaCommand;
import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.ListarLojasQuery;
import br.com.lojaapi.coreapi.loja.PaginaDeLojas;
import br.com.lojaapi.gateway.web.Busca;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.Paginacao;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.Recurso;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.Valid;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import io.swagger.v3.oas.annotations.Operation;

/** The operator API for stores (the "store panel"), authenticated with ADMIN_TOKEN. */
@Hidden
@RestController
@RequestMapping(path = "/admin/lojas", produces = "application/json")
class LojaAdminController {

    private final QueryGateway consultas;
    private final Recurso<LojaJson> lojas;

    LojaAdminController(QueryGateway consultas, Lojas lojas) {
        this.consultas = consultas;
        this.lojas = lojas.recurso();
    }

    record Lista(List<LojaJson> lojas, Paginacao paginacao) {
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarLoja")
    ResponseEntity<Object> criar(@Valid @RequestBody NovaLoja corpo) {
        String id = Ids.novo();
        DadosLoja dados = new DadosLoja(corpo.nome(), corpo.slug(), corpo.cnpj(), corpo.dominioProprio(),
                corpo.telefone(), corpo.cep(), corpo.endereco(), corpo.numero(), corpo.complemento(), corpo.bairro(),
                corpo.cidade(), corpo.uf());
        long versao = lojas.enviar(agora -> new CriarLojaCommand(id, dados, agora));
        return lojas.gravado(id, true, id, versao);
    }

    /** Every store by name (case-insensitive), then id; {@code busca} finds a name or slug containing it, or an id. */
    @GetMapping
    @Operation(operationId = "listarLojas")
    Lista listar(@RequestParam(required = false) String busca, @RequestParam(required = false) Integer page,
                 @RequestParam(required = false) Integer limite) {
        Paginacao.Pedida pagina = Paginacao.pedida(page, limite);
        PaginaDeLojas resultado = consultas.query(new ListarLojasQuery(Busca.validar(busca), pagina.page(),
                pagina.limite()), PaginaDeLojas.class).join();
        return new Lista(resultado.lojas().stream().map(LojaJson::de).toList(), pagina.de(resultado.total()));
    }

    @GetMapping("/{id}")
    @Operation(operationId = "lerLoja")
    LojaJson ler(@PathVariable String id) {
        return lojas.exigir(id, id);
    }

    @PutMapping(path = "/{id}", consumes = "application/json")
    @Operation(operationId = "alterarLoja")
    ResponseEntity<Object> alterar(@PathVariable String id, @Valid @RequestBody AlteracaoLoja corpo) {
        return lojas.alterar(id, id, PreCondicao.NENHUMA, (agora, esperada) -> new AtualizarLojaCommand(id,
                obrigatorio(corpo.nome, "nome"), obrigatorio(corpo.slug, "slug"), corpo.cnpj, corpo.dominioProprio,
                corpo.telefone, corpo.cep, corpo.endereco, corpo.numero, corpo.complemento, corpo.bairro, corpo.cidade,
                corpo.uf, agora));
    }

    /** A field the command keeps when absent (null) but that cannot be set to null. */
    private static String obrigatorio(Optional<String> campo, String nome) {
        return Campos.obrigatorio(campo, null, nome, Function.identity());
    }
}
