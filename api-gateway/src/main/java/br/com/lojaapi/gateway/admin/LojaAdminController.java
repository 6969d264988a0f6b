package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.loja.AtualizarLojaCommand;
import br.com.lojaapi.coreapi.loja.CriarLojaCommand;
import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.ListarLojasQuery;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.web.Ids;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.Valid;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import io.swagger.v3.oas.annotations.Operation;

/** The operator API for stores (the "store panel"), authenticated with ADMIN_TOKEN. */
@Hidden
@RestController
@RequestMapping(path = "/admin/lojas", produces = "application/json")
class LojaAdminController {

    private static final String NAO_ENCONTRADA = Lojas.NAO_ENCONTRADA;

    private final Comandos comandos;
    private final QueryGateway consultas;
    private final Lojas lojas;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;

    LojaAdminController(Comandos comandos, QueryGateway consultas, Lojas lojas, RespostaDeEscrita escrita,
                        Clock relogio) {
        this.comandos = comandos;
        this.consultas = consultas;
        this.lojas = lojas;
        this.escrita = escrita;
        this.relogio = relogio;
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarLoja")
    ResponseEntity<Object> criar(@Valid @RequestBody NovaLoja corpo) {
        String id = Ids.novo();
        DadosLoja dados = new DadosLoja(corpo.nome(), corpo.slug(), corpo.cnpj(), corpo.dominioProprio(),
                corpo.telefone(), corpo.cep(), corpo.endereco(), corpo.numero(), corpo.complemento(), corpo.bairro(),
                corpo.cidade(), corpo.uf());
        long versao = comandos.enviar(new CriarLojaCommand(id, dados, relogio.instant()), NAO_ENCONTRADA);
        return escrita.criado(ModeloLeitura.LOJA, id, id, versao, URI.create("/admin/lojas/" + id), () -> buscar(id));
    }

    @GetMapping
    @Operation(operationId = "listarLojas")
    Map<String, List<LojaJson>> listar() {
        List<LojaJson> lojas = consultas.query(new ListarLojasQuery(), ResponseTypes.multipleInstancesOf(LojaView.class))
                                        .join().stream().map(LojaJson::de).toList();
        return Map.of("lojas", lojas);
    }

    @GetMapping("/{id}")
    @Operation(operationId = "lerLoja")
    LojaJson ler(@PathVariable String id) {
        return buscar(Ids.exigir(id, NAO_ENCONTRADA)).orElseThrow(() -> ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA));
    }

    @PutMapping(path = "/{id}", consumes = "application/json")
    @Operation(operationId = "alterarLoja")
    ResponseEntity<Object> alterar(@PathVariable String id, @Valid @RequestBody AlteracaoLoja corpo) {
        Ids.exigir(id, NAO_ENCONTRADA);
        String nome = obrigatorio(corpo.nome, "nome");
        String slug = obrigatorio(corpo.slug, "slug");
        long versao = comandos.enviar(new AtualizarLojaCommand(id, nome, slug, corpo.cnpj, corpo.dominioProprio,
                corpo.telefone, corpo.cep, corpo.endereco, corpo.numero, corpo.complemento, corpo.bairro, corpo.cidade,
                corpo.uf, relogio.instant()), NAO_ENCONTRADA);
        return escrita.alterado(ModeloLeitura.LOJA, id, id, versao, () -> buscar(id));
    }

    private Optional<LojaJson> buscar(String id) {
        return lojas.buscar(id);
    }

    private static String obrigatorio(Optional<String> campo, String nome) {
        if (campo == null) {
            return null;
        }
        return campo.orElseThrow(() -> ErroDeNegocio.invalido(nome + " não pode ser null; omita o campo para mantê-lo"));
    }
}
