package br.com.lojaapi.command.cliente;

import br.com.lojaapi.coreapi.cliente.AlteracaoCliente;
import br.com.lojaapi.coreapi.cliente.AlterarClienteCommand;
import br.com.lojaapi.coreapi.cliente.ClienteAtualizadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.cliente.CriarClienteCommand;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

class ClienteTest {

    private static final String LOJA = "loja-1";
    private static final String ID = "cli-1";
    private static final String CPF = "39053344705";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    private static final DadosCliente MARIA = new DadosCliente("Maria Souza", CPF, "CPF", "maria@exemplo.com.br",
            null, "(11) 99999-8888", "01310100", "Av. Paulista", "1000", "Bela Vista", "São Paulo", "SP");
    private static final ClienteCriadoEvent CRIADO = new ClienteCriadoEvent(ID, LOJA, MARIA, T0);

    /** A fresh fixture per scenario: a fixture is not meant to run several given/when pairs. */
    private static AggregateTestFixture<Cliente> cenario() {
        return new AggregateTestFixture<>(Cliente.class);
    }

    @Test
    void criarNormalizaOsCamposInfereOTipoEEmiteClienteCriado() {
        cenario().givenNoPriorActivity()
                 .when(criar(alteracao("nome", "  Maria Souza ", "documento", "390.533.447-05",
                         "email", "maria@exemplo.com.br", "celular", "(11) 99999-8888", "cep", "01310-100",
                         "endereco", "Av. Paulista", "numero", "1000", "bairro", "Bela Vista", "cidade", "São Paulo",
                         "uf", "sp", "telefone", "   ")))
                 .expectResultMessagePayload(0L)
                 .expectEvents(CRIADO);
    }

    @Test
    void cnpjNumericoEAlfanumericoSaoCnpj() {
        cenario().givenNoPriorActivity()
                 .when(criar(alteracao("nome", "Mercado", "documento", "12.abc.345/01de-35", "tipoDocumento", "cnpj")))
                 .expectEvents(new ClienteCriadoEvent(ID, LOJA, soNomeEDocumento("Mercado", "12ABC34501DE35", "CNPJ"), T0));
        cenario().givenNoPriorActivity()
                 .when(criar(alteracao("nome", "Atacado", "documento", "11.222.333/0001-81")))
                 .expectEvents(new ClienteCriadoEvent(ID, LOJA, soNomeEDocumento("Atacado", "11222333000181", "CNPJ"), T0));
    }

    @Test
    void nomeEDocumentoSaoObrigatoriosNaCriacao() {
        recusa(alteracao("documento", CPF), "nome é obrigatório para cadastrar o cliente");
        recusa(alteracao("nome", "  ", "documento", CPF), "nome não pode ser vazio");
        recusa(alteracao("nome", "Maria"), RegrasDeCliente.DOCUMENTO_OBRIGATORIO);
        recusa(alteracao("nome", "Maria", "documento", null), RegrasDeCliente.DOCUMENTO_OBRIGATORIO);
        recusa(alteracao("nome", "Maria", "documento", " "), RegrasDeCliente.DOCUMENTO_OBRIGATORIO);
    }

    @Test
    void documentoComDigitoVerificadorErradoOuTamanhoErradoERecusado() {
        recusa(alteracao("nome", "M", "documento", "390.533.447-06"), "documento: CPF inválido");
        recusa(alteracao("nome", "M", "documento", "111.111.111-11"), "documento: CPF inválido");
        recusa(alteracao("nome", "M", "documento", "11.222.333/0001-82"), "documento: CNPJ inválido");
        recusa(alteracao("nome", "M", "documento", "12.ABC.345/01DE-36"), "documento: CNPJ inválido");
        recusa(alteracao("nome", "M", "documento", "1234567"), "documento deve ser um CPF (11 dígitos) ou um CNPJ");
    }

    @Test
    void tipoDocumentoEnviadoDeveConcordarComODocumento() {
        recusa(alteracao("nome", "M", "documento", CPF, "tipoDocumento", "CNPJ"),
                "tipoDocumento CNPJ não corresponde ao documento, que é um CPF");
        recusa(alteracao("nome", "M", "documento", "11222333000181", "tipoDocumento", "CPF"),
                "tipoDocumento CPF não corresponde ao documento, que é um CNPJ");
        recusa(alteracao("nome", "M", "documento", CPF, "tipoDocumento", "RG"), "tipoDocumento deve ser CPF ou CNPJ");
    }

    @Test
    void emailUfECepForaDoFormatoSaoRecusados() {
        recusa(alteracao("nome", "M", "documento", CPF, "email", "maria.exemplo.com"), "email inválido");
        recusa(alteracao("nome", "M", "documento", CPF, "email", "maria@@exemplo.com"), "email inválido");
        recusa(alteracao("nome", "M", "documento", CPF, "email", "ma ria@exemplo.com"), "email inválido");
        recusa(alteracao("nome", "M", "documento", CPF, "email", "x@" + "e".repeat(253)), "email: no máximo 254");
        recusa(alteracao("nome", "M", "documento", CPF, "uf", "São Paulo"), "uf deve ter duas letras");
        recusa(alteracao("nome", "M", "documento", CPF, "cep", "1310-100"), "cep deve ter 8 dígitos");
        recusa(alteracao("nome", "M".repeat(201), "documento", CPF), "nome: no máximo 200 caracteres");
    }

    @Test
    void atualizarMudaSoOsEnviadosNullApagaENaoEmiteClienteCriado() {
        cenario().given(CRIADO)
                 .when(new AlterarClienteCommand(ID, LOJA, alteracao("documento", "390.533.447-05", "email", null,
                         "cidade", "Campinas", "telefone", "11 3333-4444"), T1))
                 .expectResultMessagePayload(1L)
                 .expectEvents(new ClienteAtualizadoEvent(ID, LOJA, new DadosCliente("Maria Souza", CPF, "CPF", null,
                         "11 3333-4444", "(11) 99999-8888", "01310100", "Av. Paulista", "1000", "Bela Vista",
                         "Campinas", "SP"), T1));
    }

    @Test
    void atualizarSemMudarNadaNaoEmiteEvento() {
        cenario().given(CRIADO)
                 .when(new AlterarClienteCommand(ID, LOJA, alteracao("documento", CPF, "nome", "Maria Souza ",
                         "uf", "sp", "cep", "01310100"), T1))
                 .expectResultMessagePayload(0L)
                 .expectNoEvents();
    }

    @Test
    void atualizarNaoApagaONomeNemTrocaODocumento() {
        cenario().given(CRIADO)
                 .when(new AlterarClienteCommand(ID, LOJA, alteracao("documento", CPF, "nome", null), T1))
                 .expectNoEvents().expectExceptionMessage("nome não pode ser null; omita o campo para mantê-lo");
        cenario().given(CRIADO)
                 .when(new AlterarClienteCommand(ID, LOJA, alteracao("documento", "11222333000181"), T1))
                 .expectNoEvents().expectExceptionMessage(RegrasDeCliente.DOCUMENTO_FIXO);
    }

    @Test
    void clienteDeOutraLojaNaoEEncontrado() {
        cenario().given(CRIADO)
                 .when(new AlterarClienteCommand(ID, "loja-2", alteracao("documento", CPF, "nome", "Outra"), T1))
                 .expectNoEvents().expectExceptionMessage(Cliente.NAO_ENCONTRADO);
    }

    private static void recusa(AlteracaoCliente dados, String mensagem) {
        cenario().givenNoPriorActivity()
                 .when(criar(dados))
                 .expectNoEvents()
                 .expectException(br.com.lojaapi.coreapi.comum.ErroDeNegocio.class)
                 .expectExceptionMessage(org.hamcrest.Matchers.containsString(mensagem));
    }

    private static CriarClienteCommand criar(AlteracaoCliente dados) {
        return new CriarClienteCommand(ID, LOJA, dados, T0);
    }

    private static DadosCliente soNomeEDocumento(String nome, String documento, String tipo) {
        return new DadosCliente(nome, documento, tipo, null, null, null, null, null, null, null, null, null);
    }

    /** Pairs of field name and value; a null value is a field sent as null, a field not named was not sent. */
    private static AlteracaoCliente alteracao(String... pares) {
        Map<String, Optional<String>> campos = new HashMap<>();
        for (int i = 0; i < pares.length; i += 2) {
            campos.put(pares[i], Optional.ofNullable(pares[i + 1]));
        }
        return new AlteracaoCliente(campos.get("nome"), campos.get("documento"), campos.get("tipoDocumento"),
                campos.get("email"), campos.get("telefone"), campos.get("celular"), campos.get("cep"),
                campos.get("endereco"), campos.get("numero"), campos.get("bairro"), campos.get("cidade"),
                campos.get("uf"));
    }
}
